package opt

import (
	"errors"
	"fmt"
)

// Structural checks of restored states: a checkpoint is untrusted input, and
// an inconsistent one must be an error, never a panic in a later Tell.

func dimsOK(n int, xs ...[]int32) bool {
	for _, x := range xs {
		if x != nil && len(x) != n {
			return false
		}
	}
	return true
}

func candsOK(n int, cs []Candidate) bool {
	for _, c := range cs {
		if len(c.X) != n {
			return false
		}
	}
	return true
}

// running reports whether the restored state expects more Tells.
func (b *base) runningState() bool {
	d, _ := b.Done()
	return !d
}

func (g *ga) validate() error {
	l, err := NewLayout(g.Cfg.Specs)
	if err != nil {
		return err
	}
	g.layout = l
	if len(g.Chrom) != len(g.Pending) {
		return fmt.Errorf("%d chromosomes for %d candidates", len(g.Chrom), len(g.Pending))
	}
	for _, c := range g.Chrom {
		if len(c) != l.Total {
			return fmt.Errorf("chromosome of %d bits, want %d", len(c), l.Total)
		}
	}
	if g.runningState() && len(g.Pending) != g.Cfg.Pop {
		return fmt.Errorf("%d candidates for population %d", len(g.Pending), g.Cfg.Pop)
	}
	return nil
}

func (e *ep) validate() error {
	if e.runningState() && len(e.Pending) != e.Cfg.Pop {
		return fmt.Errorf("%d candidates for population %d", len(e.Pending), e.Cfg.Pop)
	}
	if len(e.Archive) > max(e.Cfg.HistorySize, 0) || !candsOK(e.dim(), e.Archive) {
		return errors.New("bad archive")
	}
	return nil
}

func (h *hookeJeeves) validate() error {
	n := h.dim()
	if h.Phase < hjStart || h.Phase > hjDone || h.Coord < 0 || h.Coord > n || !(h.Delta > 0) {
		return errors.New("bad phase, coordinate or step")
	}
	if !dimsOK(n, h.Base, h.Prev, h.Cur) || (h.Phase != hjStart && (h.Base == nil || h.Prev == nil || h.Cur == nil)) {
		return errors.New("bad points")
	}
	return nil
}

func (t *texel) validate() error {
	if t.StepSize < 1 || t.Coord < 0 || t.Coord > t.dim() || len(t.Cur) != t.dim() {
		return errors.New("bad step, coordinate or point")
	}
	return nil
}

func (m *mnc) validate() error {
	if len(m.Pop) != m.Cfg.Pop || !candsOK(m.dim(), m.Pop) || !dimsOK(m.dim(), m.LastBest) {
		return errors.New("bad population")
	}
	if m.runningState() && len(m.Pending) != 2*m.Cfg.Pop {
		return fmt.Errorf("%d candidates for population %d", len(m.Pending), m.Cfg.Pop)
	}
	return nil
}

func (c *cmaes) validate() error {
	n := len(c.Free)
	if n == 0 || len(c.Mean) != n || len(c.C) != n || len(c.B) != n || len(c.D) != n || len(c.Pc) != n || len(c.Ps) != n {
		return errors.New("inconsistent dimensions")
	}
	for k, i := range c.Free {
		if i < 0 || i >= c.dim() || (k > 0 && i <= c.Free[k-1]) {
			return errors.New("bad free parameter index")
		}
		if len(c.C[k]) != n || len(c.B[k]) != n {
			return errors.New("inconsistent matrix")
		}
	}
	if len(c.Y) != len(c.Pending) || c.Cfg.Pop < 2 || !(c.Sigma > 0) {
		return errors.New("bad samples or step size")
	}
	for _, y := range c.Y {
		if len(y) != n {
			return errors.New("bad sample")
		}
	}
	if c.runningState() && len(c.Pending) != c.Cfg.Pop {
		return fmt.Errorf("%d candidates for population %d", len(c.Pending), c.Cfg.Pop)
	}
	return nil
}

func (d *de) validate() error {
	n := d.Cfg.Pop
	if !d.runningState() {
		return nil
	}
	switch {
	case !d.Started && len(d.Pending) != n:
		return fmt.Errorf("%d initial candidates for population %d", len(d.Pending), n)
	case d.Started && (len(d.Pop) != n || !candsOK(d.dim(), d.Pop)):
		return errors.New("bad population")
	case d.Started && d.Cfg.Relative && len(d.Pending) != 2*n:
		return errors.New("bad relative batch")
	case d.Started && !d.Cfg.Relative && len(d.Pending) != n:
		return errors.New("bad batch")
	}
	return nil
}

func (p *pso) validate() error {
	n, dim := p.Cfg.Pop, p.dim()
	if len(p.Pos) != n || len(p.Vel) != n || (len(p.PBest) != 0 && len(p.PBest) != n) || !candsOK(dim, p.PBest) {
		return errors.New("bad swarm")
	}
	for k := range p.Pos {
		if len(p.Pos[k]) != dim || len(p.Vel[k]) != dim {
			return errors.New("bad particle")
		}
	}
	if p.Has && len(p.GBest.X) != dim {
		return errors.New("bad global best")
	}
	if p.runningState() && len(p.Pending) != n {
		return errors.New("bad batch")
	}
	return nil
}
