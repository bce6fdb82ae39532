//go:build linux

package search

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
	"unsafe"
)

// TestTableAdvisedHuge: a 16 MiB table's whole 2 MiB pages are advised
// MADV_HUGEPAGE ("hg" among the VmFlags of their mapping in
// /proc/self/smaps); whether the kernel then backs them with huge pages is
// its choice (transparent_hugepage "never" refuses).
func TestTableAdvisedHuge(t *testing.T) {
	tt := newTransTable(16)
	start := uintptr(unsafe.Pointer(&tt.buckets[0]))
	probe := (start + 2<<20 - 1) &^ (2<<20 - 1) // the first whole huge page
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	inside := false
	for sc.Scan() {
		line := sc.Text()
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(strings.Fields(line)[0], "%x-%x", &lo, &hi); n == 2 && !strings.HasSuffix(strings.Fields(line)[0], ":") {
			inside = lo <= probe && probe < hi
			continue
		}
		if inside && strings.HasPrefix(line, "VmFlags:") {
			if !strings.Contains(line, " hg") {
				t.Fatalf("the table's mapping is not advised for huge pages: %s", line)
			}
			return
		}
	}
	t.Fatalf("no mapping holds the table at %#x", probe)
}
