//go:build linux

package search

import (
	"syscall"
	"unsafe"
)

// adviseHuge asks Linux to back the table with transparent huge pages
// (madvise MADV_HUGEPAGE), where the system allows it on request
// (/sys/kernel/mm/transparent_hugepage/enabled = madvise): a probe then
// seldom misses the TLB as well as the cache, which matters most in a
// virtual machine, where a TLB miss walks two page tables. Only whole 2 MiB
// pages inside the slice are advised; a refusal changes nothing.
func adviseHuge(b []ttBucket) {
	const huge = 2 << 20
	if len(b) == 0 {
		return
	}
	start := uintptr(unsafe.Pointer(&b[0]))
	end := start + uintptr(len(b))*unsafe.Sizeof(b[0])
	lo := (start + huge - 1) &^ (huge - 1)
	hi := end &^ (huge - 1)
	if hi <= lo {
		return
	}
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(&b[0]), lo-start)), hi-lo), 14) // MADV_HUGEPAGE
}
