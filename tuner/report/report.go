// Package report is the document model of the experiment reports
// (`evochess experiment`, tuner's RunExperiment) and their one renderer:
// experiments build a Doc of sections, paragraphs and tables from their
// results, and Markdown writes it (docs/experiments/NAME.md). Nothing else
// in the tuner formats Markdown.
//
// Techniques, by file:
//
//   - report.go: Doc, Section, Block, Table and the Markdown renderer
//     (escaping table cells, aligned columns).
//   - published.go: the papers' published figures the reports print beside
//     ours, each with where in the paper it comes from.
package report

import (
	"fmt"
	"io"
	"strings"
)

// Doc is one experiment report.
type Doc struct {
	Title string
	// Paper cites the paper the experiment reproduces.
	Paper string
	// Meta lines follow the title (date, sizes, data).
	Meta []string
	// Notes are the settings, one bullet each.
	Notes    []string
	Sections []Section
	// Commands reproduce every figure of the report.
	Commands []string
}

// Section is a titled part of a report.
type Section struct {
	Title  string
	Blocks []Block
}

// Block is a paragraph (Text) or a table.
type Block struct {
	Text  string
	Table *Table
}

// Table is a table with a header row.
type Table struct {
	Columns []string
	Rows    [][]string
}

// Add appends a row (formatted cells).
func (t *Table) Add(cells ...string) { t.Rows = append(t.Rows, cells) }

// Text appends a paragraph to s.
func (s *Section) Text(format string, a ...any) {
	s.Blocks = append(s.Blocks, Block{Text: fmt.Sprintf(format, a...)})
}

// Table appends a table with the given columns to s and returns it.
func (s *Section) Table(columns ...string) *Table {
	t := &Table{Columns: columns}
	s.Blocks = append(s.Blocks, Block{Table: t})
	return t
}

// Section appends a section titled title to d and returns it.
func (d *Doc) Section(title string) *Section {
	d.Sections = append(d.Sections, Section{Title: title})
	return &d.Sections[len(d.Sections)-1]
}

// Markdown writes d as GitHub-flavoured Markdown.
func (d *Doc) Markdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", d.Title)
	if d.Paper != "" {
		fmt.Fprintf(&b, "Paper: %s.\n\n", d.Paper)
	}
	for _, m := range d.Meta {
		fmt.Fprintf(&b, "%s\n", m)
	}
	if len(d.Meta) > 0 {
		b.WriteString("\n")
	}
	for _, n := range d.Notes {
		fmt.Fprintf(&b, "- %s\n", n)
	}
	if len(d.Notes) > 0 {
		b.WriteString("\n")
	}
	for _, s := range d.Sections {
		fmt.Fprintf(&b, "## %s\n\n", s.Title)
		for _, bl := range s.Blocks {
			if bl.Table != nil {
				writeTable(&b, bl.Table)
			} else {
				fmt.Fprintf(&b, "%s\n\n", bl.Text)
			}
		}
	}
	if len(d.Commands) > 0 {
		b.WriteString("## Commands\n\n```sh\n")
		for _, c := range d.Commands {
			fmt.Fprintf(&b, "%s\n", c)
		}
		b.WriteString("```\n")
	}
	_, err := io.WriteString(w, b.String())
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

func writeTable(b *strings.Builder, t *Table) {
	cell := func(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "|", `\|`), "\n", " ") }
	b.WriteString("|")
	for _, c := range t.Columns {
		fmt.Fprintf(b, " %s |", cell(c))
	}
	b.WriteString("\n|")
	for range t.Columns {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	for _, r := range t.Rows {
		b.WriteString("|")
		for i := range t.Columns {
			v := ""
			if i < len(r) {
				v = r[i]
			}
			fmt.Fprintf(b, " %s |", cell(v))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n")
}
