package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/evochess/evochess/internal/ziptest"
)

// stsSuite is two positions scored the Strategic Test Suite's way: a mate
// in one with c0 "move=points", and STS's Undermine.001 with c8/c9.
const stsSuite = `6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id "mate"; c0 "Rd8#=10, Rd7=1";
1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - bm f5; id "Undermine.001"; c8 "10 2 3 2"; c9 "f4f5 d4e5 d4f2 f3g4";
`

// TestSTSPointsReported: bench -epd and eval -epd give each position's
// points (the mate's full 10) and the suite's total out of 20.
func TestSTSPointsReported(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sts.epd")
	if err := os.WriteFile(path, []byte(stsSuite), 0o644); err != nil {
		t.Fatal(err)
	}
	total := regexp.MustCompile(`STS points (\d+)/20 `)
	for _, args := range [][]string{
		{"bench", "-epd", path, "-nodes", "5000"},
		{"eval", "-preset", "david-fig3", "-epd", path, "-nodes", "5000"},
	} {
		out, _, err := runCmd(t, args...)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		m := total.FindStringSubmatch(out + " ")
		if m == nil {
			t.Fatalf("%v: no STS total:\n%s", args, out)
		}
		got, _ := strconv.Atoi(m[1])
		if got < 10 || !strings.Contains(out, "points 10/10") {
			t.Errorf("%v: the mate's 10 points missing (total %d):\n%s", args, got, out)
		}
	}
	// A zipped suite (STS is distributed so) reads as the plain file.
	zpath := filepath.Join(t.TempDir(), "sts.zip")
	os.WriteFile(zpath, ziptest.Zip(t, ziptest.Entry{"STS1-STS15_LAN.epd", stsSuite}), 0o644)
	plainOut, _, err1 := runCmd(t, "bench", "-epd", path, "-nodes", "5000")
	zipOut, _, err2 := runCmd(t, "bench", "-epd", zpath, "-nodes", "5000")
	strip := regexp.MustCompile(`(?m)^\d+ nodes \d+ nps in .*$|\s+eta \S+`)
	if err1 != nil || err2 != nil || strip.ReplaceAllString(plainOut, "") != strip.ReplaceAllString(zipOut, "") {
		t.Errorf("zipped suite: %v %v\n%s\n---\n%s", err1, err2, plainOut, zipOut)
	}
	// A suite without move scores prints no points.
	plain := filepath.Join(t.TempDir(), "plain.epd")
	os.WriteFile(plain, []byte("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id \"mate\";\n"), 0o644)
	if out, _, err := runCmd(t, "bench", "-epd", plain, "-nodes", "5000"); err != nil || strings.Contains(out, "points") {
		t.Errorf("a suite without points: %v\n%s", err, out)
	}
}
