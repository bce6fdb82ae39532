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
	"sort"
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
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "evochess:", err)
		}
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
