// Command evochess is the native build of evochess: the engine and tuner as a
// command-line tool, and the small web server that serves the playground.
//
// Each subcommand lives in its own cmd_*.go file and registers itself in
// init with register; main only dispatches.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
)

// command is one subcommand: run gets the arguments after its name.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

// commands is filled by init functions of the cmd_*.go files.
var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("evochess: duplicate command " + c.name)
	}
	commands[c.name] = c
}

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return // COMMAND -h: the help asked for, a success (as flag.ExitOnError does)
		}
		fmt.Fprintln(os.Stderr, "evochess:", err)
		os.Exit(1)
	}
}

// defaultCommand, set with -ldflags "-X main.defaultCommand=uci" (make
// EXE=PATH, for OpenBench), is run when no command is given: the engine
// binary then speaks UCI when started bare, and `PATH bench` still works.
var defaultCommand string

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 && defaultCommand != "" {
		args = []string{defaultCommand}
	}
	if len(args) == 2 && args[0] == "help" {
		// evochess help COMMAND = evochess COMMAND -h
		c, ok := commands[args[1]]
		if !ok {
			usage(stderr)
			return fmt.Errorf("help: unknown command %q", args[1])
		}
		if err := c.run([]string{"-h"}, stdin, stdout, stderr); err != nil && !errors.Is(err, flag.ErrHelp) {
			return err
		}
		return nil
	}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return errors.New("no command given")
		}
		return nil
	}
	if args[0] == "--version" || args[0] == "-version" {
		args = append([]string{"version"}, args[1:]...)
	}
	c, ok := commands[args[0]]
	if !ok {
		usage(stderr)
		return fmt.Errorf("unknown command %q", args[0])
	}
	return c.run(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: evochess <command> [flags]   (evochess help <command>, or evochess <command> -h, for its flags)")
	fmt.Fprintln(w, "commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-11s %s\n", n, commands[n].summary)
	}
}

// explicit reports whether flag name was given on the command line.
func explicit(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(fl *flag.Flag) { set = set || fl.Name == name })
	return set
}

// onlyFlags refuses the flags set on fs that are not among allowed: a
// flag that does nothing in the mode the others chose is an error naming
// it, not silently ignored (eval -pgn FILE -nodes N).
func onlyFlags(fs *flag.FlagSet, cmd, mode string, allowed ...string) error {
	var extra []string
	fs.Visit(func(fl *flag.Flag) {
		if !slices.Contains(allowed, fl.Name) {
			extra = append(extra, "-"+fl.Name)
		}
	})
	switch len(extra) {
	case 0:
		return nil
	case 1:
		return fmt.Errorf("%s: %s does nothing in %s; leave it out", cmd, extra[0], mode)
	}
	return fmt.Errorf("%s: %s do nothing in %s; leave them out", cmd, strings.Join(extra, ", "), mode)
}

// needFlag refuses the flags among dependents set on fs when the flag they
// qualify, need, is not set (match -alpha without -sprt).
func needFlag(fs *flag.FlagSet, cmd, need string, dependents ...string) error {
	if err := flagsNeed(fs, need, dependents...); err != nil {
		return fmt.Errorf("%s: %w", cmd, err)
	}
	return nil
}

// flagsNeed is needFlag's error without the command's name.
func flagsNeed(fs *flag.FlagSet, need string, dependents ...string) error {
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	if set[need] {
		return nil
	}
	var extra []string
	for _, d := range dependents {
		if set[d] {
			extra = append(extra, "-"+d)
		}
	}
	if len(extra) == 0 {
		return nil
	}
	return fmt.Errorf("%s only with -%s", strings.Join(extra, ", "), need)
}

// onlyFlagsOutside refuses the flags among only that are set on fs: they
// do nothing in mode (experiment -node-cap without david-search).
func onlyFlagsOutside(fs *flag.FlagSet, cmd, mode string, only ...string) error {
	var allowed []string
	fs.VisitAll(func(fl *flag.Flag) {
		if !slices.Contains(only, fl.Name) {
			allowed = append(allowed, fl.Name)
		}
	})
	return onlyFlags(fs, cmd, mode, allowed...)
}
