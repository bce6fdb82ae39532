package model

import (
	"fmt"
	"strings"
)

// LoadErrorText turns the worker's error for a load of the file name (a
// wrapped Go error: "runner: load x.zip: data: zip input: zip: not a valid
// zip file") into a plain reason for the Data tab ("it is not a readable zip
// archive (damaged, or not a zip file)"): the package prefixes go, and the
// errors a damaged archive gives are said in words.
func LoadErrorText(name, msg string) string {
	s := strings.TrimSpace(msg)
	s = strings.TrimPrefix(s, "runner: ")
	s = strings.TrimPrefix(s, "load "+name+": ")
	s = strings.TrimPrefix(s, "data: ")
	s = strings.ReplaceAll(s, "FILE", name)
	switch {
	case strings.HasPrefix(s, "gzip input:"):
		return "it is a damaged gzip file (cut short or corrupt), so it could not be unpacked"
	case strings.HasPrefix(s, "zip input holds no"):
		return "the zip archive holds no" + strings.TrimPrefix(s, "zip input holds no")
	case strings.HasPrefix(s, "zip input mixes"):
		return "the zip archive mixes" + strings.TrimPrefix(s, "zip input mixes")
	case strings.HasPrefix(s, "zip input:") || strings.HasPrefix(s, "read zip input:"):
		return "it is not a readable zip archive (damaged, or not a zip file)"
	case strings.HasPrefix(s, "zip entry "):
		entry := strings.TrimPrefix(s, "zip entry ")
		if i := strings.Index(entry, ": "); i > 0 {
			entry = entry[:i]
		}
		return fmt.Sprintf("the zip archive's file %s is damaged and could not be unpacked", entry)
	case strings.Contains(s, "unexpected EOF"):
		return "the file ends early (cut short?) and could not be read"
	}
	return s
}
