package report

import (
	"strings"
	"testing"
)

func TestMarkdown(t *testing.T) {
	d := &Doc{Title: "T", Paper: "P", Meta: []string{"m1"}, Notes: []string{"n1"}, Commands: []string{"evochess experiment x"}}
	s := d.Section("S")
	s.Text("a %d", 1)
	tb := s.Table("c1", "c|2")
	tb.Add("x", "y|z")
	tb.Add("short")
	var b strings.Builder
	if err := d.Markdown(&b); err != nil {
		t.Fatal(err)
	}
	want := "# T\n\nPaper: P.\n\nm1\n\n- n1\n\n## S\n\na 1\n\n| c1 | c\\|2 |\n|---|---|\n| x | y\\|z |\n| short |  |\n\n## Commands\n\n```sh\nevochess experiment x\n```\n"
	if b.String() != want {
		t.Fatalf("got\n%q\nwant\n%q", b.String(), want)
	}
}

func TestPublished(t *testing.T) {
	if f := Published("david", "train"); f.Value == "" || f.Source == "" {
		t.Fatal("no figure")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("unknown figure did not panic")
		}
	}()
	Published("david", "nope")
}
