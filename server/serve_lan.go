package main

// Serving a class on the local network: which Host names the server
// answers to, the address students open (printed with a QR code) and
// whether the teacher token is needed.

import (
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/evochess/evochess/internal/qr"
)

// isLoopbackHost reports whether a listen host only accepts local
// connections ("localhost", 127.0.0.0/8, ::1).
func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// isUnspecified reports whether a listen host means every interface.
func isUnspecified(host string) bool {
	if host == "" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsUnspecified()
}

// interfaceAddrs lists the machine's own addresses (nil if unknown).
func interfaceAddrs() []netip.Addr {
	as, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var out []netip.Addr
	for _, a := range as {
		if p, err := netip.ParsePrefix(a.String()); err == nil {
			out = append(out, p.Addr().Unmap())
		}
	}
	return out
}

// servedHosts lists the Host names a server listening on listenHost
// answers to, besides loopback: the listen address itself, every
// interface address when listening on all of them, the machine's host
// name (and name.local, for mDNS), and the extra names.
func servedHosts(listenHost string, addrs []netip.Addr, hostname string, extra []string) []string {
	var out []string
	if !isUnspecified(listenHost) {
		out = append(out, listenHost)
	} else {
		for _, a := range addrs {
			out = append(out, a.String())
		}
	}
	if hostname != "" {
		out = append(out, hostname, strings.TrimSuffix(hostname, ".local")+".local")
	}
	return append(out, extra...)
}

// lanAddress picks the address students should open for a server
// listening on listenHost: that address when it is specific, else the
// machine's private IPv4 address (192.168/16 first, then 10/8, then
// 172.16/12, then any other non-loopback IPv4), or "" when there is none.
func lanAddress(listenHost string, addrs []netip.Addr) string {
	if !isUnspecified(listenHost) {
		return listenHost
	}
	rank := func(a netip.Addr) int {
		b := a.As4()
		switch {
		case b[0] == 192 && b[1] == 168:
			return 0
		case b[0] == 10:
			return 1
		case b[0] == 172 && b[1]&0xf0 == 16:
			return 2
		}
		return 3
	}
	var cands []netip.Addr
	for _, a := range addrs {
		if a.Is4() && !a.IsLoopback() && !a.IsLinkLocalUnicast() && !a.IsUnspecified() && !a.IsMulticast() {
			cands = append(cands, a)
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return rank(cands[i]) < rank(cands[j]) })
	if len(cands) == 0 {
		return ""
	}
	return cands[0].String()
}

// hostURL formats http://host:port/ (IPv6 in brackets).
func hostURL(host string, port int) string {
	return "http://" + net.JoinHostPort(host, strconv.Itoa(port)) + "/"
}

// classAccess is how a class reaches the server, computed at start.
type classAccess struct {
	loopback bool     // listening on loopback only: no token, no join URL
	joinURL  string   // what students open ("" on loopback or without a LAN address)
	hosts    []string // allowed Host names besides loopback
}

// newClassAccess works out the access for a listener on listenHost:port.
func newClassAccess(listenHost string, port int, extra []string) classAccess {
	hostname, _ := os.Hostname()
	addrs := interfaceAddrs()
	ca := classAccess{loopback: isLoopbackHost(listenHost), hosts: servedHosts(listenHost, addrs, strings.ToLower(hostname), extra)}
	if !ca.loopback {
		if a := lanAddress(listenHost, addrs); a != "" {
			ca.joinURL = hostURL(a, port)
		} else if hostname != "" {
			ca.joinURL = hostURL(hostname, port)
		}
	}
	return ca
}

// printClass prints the join URL with its QR code and the teacher link.
func printClass(w io.Writer, ca classAccess, token string) {
	if ca.loopback {
		return
	}
	if ca.joinURL == "" {
		fmt.Fprintln(w, "evochess serve: no network address found for students; start with -addr IP:PORT")
		return
	}
	fmt.Fprintf(w, "evochess serve: students open %s (or scan the QR code)\n", ca.joinURL)
	if code, err := qr.Terminal(ca.joinURL); err == nil {
		fmt.Fprint(w, code)
	}
	if token != "" {
		fmt.Fprintf(w, "evochess serve: teacher link (open it once in your browser; keep it private): %s?teacher=%s\n", ca.joinURL, token)
	}
	fmt.Fprintf(w, "evochess serve: a player evolved on the command line opens for the class with: evochess share -player FILE -base %s -qr\n", ca.joinURL)
}
