package protocol

import (
	"encoding/json"
	"math"
	"strconv"
)

// The fitness messages' fast path. A run split over nested workers sends an
// eval-batch to every worker and gets an eval-result back each generation,
// and in Go's WebAssembly encoding/json's reflection and strict decoding
// cost about 0.65 ms per batch round trip (BenchmarkEvalBatch) — as much
// as the workers' share of a paper-size generation. So Encode writes these
// two bodies, and every envelope, with append functions, and Decode first
// tries a parser of exactly the form Encode writes; anything else (other
// spacing or key order, escapes, unknown fields, numbers out of range)
// falls back to the strict encoding/json path, so what is accepted, the
// decoded values and every error are the same (FuzzDecodeFast checks it).
// The bytes Encode writes are the bytes json.Marshal wrote
// (TestEncodeFastSameBytes).

// appendEnvelope appends the JSON envelope {v, type, id, data} of an
// already encoded body: json.Marshal(envelope{...}) without reflection or
// re-compacting data.
func appendEnvelope(b []byte, t Type, id string, data []byte) []byte {
	b = append(b, `{"v":`...)
	b = strconv.AppendInt(b, Version, 10)
	b = append(b, `,"type":`...)
	b = appendString(b, string(t))
	if id != "" {
		b = append(b, `,"id":`...)
		b = appendString(b, id)
	}
	b = append(b, `,"data":`...)
	b = append(b, data...)
	return append(b, '}')
}

// appendString appends s as a JSON string exactly as encoding/json writes
// it (HTML-safe escaping included).
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string always marshals
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendBody appends the JSON of the bodies with a fast path; ok is false
// for the others.
func appendBody(b []byte, body Body) (out []byte, ok bool) {
	switch m := body.(type) {
	case *EvalBatch:
		b = append(b, `{"candidates":`...)
		if m.Candidates == nil {
			b = append(b, "null"...)
		} else {
			b = append(b, '[')
			for i, c := range m.Candidates {
				if i > 0 {
					b = append(b, ',')
				}
				if c == nil {
					b = append(b, "null"...)
					continue
				}
				b = append(b, '[')
				for j, v := range c {
					if j > 0 {
						b = append(b, ',')
					}
					b = strconv.AppendInt(b, int64(v), 10)
				}
				b = append(b, ']')
			}
			b = append(b, ']')
		}
		if m.HeldOut {
			b = append(b, `,"heldOut":true`...)
		}
		return append(b, '}'), true
	case *EvalResult:
		b = append(b, `{"scores":`...)
		if m.Scores == nil {
			return append(b, "null}"...), true
		}
		b = append(b, '[')
		for i, s := range m.Scores {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"fitness":`...)
			b = appendFloat(b, s.Fitness)
			if s.Matched != 0 {
				b = append(b, `,"matched":`...)
				b = strconv.AppendInt(b, int64(s.Matched), 10)
			}
			if s.Total != 0 {
				b = append(b, `,"total":`...)
				b = strconv.AppendInt(b, int64(s.Total), 10)
			}
			if s.Nodes != 0 {
				b = append(b, `,"nodes":`...)
				b = strconv.AppendInt(b, s.Nodes, 10)
			}
			if s.Loss != 0 {
				b = append(b, `,"loss":`...)
				b = appendFloat(b, s.Loss)
			}
			if s.Points != 0 {
				b = append(b, `,"points":`...)
				b = appendFloat(b, s.Points)
			}
			if len(s.Grad) > 0 {
				b = append(b, `,"grad":[`...)
				for j, g := range s.Grad {
					if j > 0 {
						b = append(b, ',')
					}
					b = appendFloat(b, g)
				}
				b = append(b, ']')
			}
			b = append(b, '}')
		}
		return append(b, "]}"...), true
	}
	return b, false
}

// appendFloat appends a finite float64 as encoding/json does (ES6 number
// formatting: 'f' form, 'e' form outside [1e-6, 1e21) with the exponent's
// leading zero dropped).
func appendFloat(b []byte, f float64) []byte {
	format := byte('f')
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// fastParser reads the form Encode writes; any deviation sets failed, and
// the caller falls back to the strict decoder.
type fastParser struct {
	b      []byte
	i      int
	failed bool
}

// lit consumes s or fails.
func (p *fastParser) lit(s string) {
	if p.failed || len(p.b)-p.i < len(s) || string(p.b[p.i:p.i+len(s)]) != s {
		p.failed = true
		return
	}
	p.i += len(s)
}

// peek reports whether s comes next (consuming it if so).
func (p *fastParser) peek(s string) bool {
	if p.failed || len(p.b)-p.i < len(s) || string(p.b[p.i:p.i+len(s)]) != s {
		return false
	}
	p.i += len(s)
	return true
}

// plainString reads a string without escapes or control characters.
func (p *fastParser) plainString() string {
	p.lit(`"`)
	if p.failed {
		return ""
	}
	start := p.i
	for p.i < len(p.b) {
		c := p.b[p.i]
		if c == '"' {
			s := string(p.b[start:p.i])
			p.i++
			return s
		}
		if c < 0x20 || c == '\\' || c >= 0x80 {
			break
		}
		p.i++
	}
	p.failed = true
	return ""
}

// digits consumes a run of decimal digits and returns how many there were.
func (p *fastParser) digits() int {
	start := p.i
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		p.i++
	}
	return p.i - start
}

// intPart consumes a JSON number's optional minus sign and integer part (one
// digit, or several without a leading zero), failing if there is none; it
// returns where the digits start.
func (p *fastParser) intPart() int {
	if p.i < len(p.b) && p.b[p.i] == '-' {
		p.i++
	}
	d := p.i
	if n := p.digits(); n == 0 || p.b[d] == '0' && n > 1 {
		p.failed = true
	}
	return d
}

// integer reads a JSON integer (no fraction or exponent) within [lo, hi].
func (p *fastParser) integer(lo, hi int64) int64 {
	if p.failed {
		return 0
	}
	start := p.i
	d := p.intPart()
	if p.failed || p.i < len(p.b) && (p.b[p.i] == '.' || p.b[p.i] == 'e' || p.b[p.i] == 'E') ||
		p.i-d > 18 { // a float, or may not fit: let the strict path decide
		p.failed = true
		return 0
	}
	var v int64
	for _, c := range p.b[d:p.i] {
		v = v*10 + int64(c-'0')
	}
	if d > start {
		v = -v
	}
	if v < lo || v > hi {
		p.failed = true
		return 0
	}
	return v
}

// number reads a JSON number as a float64 (what encoding/json accepts for
// a float64 field, within float64's range).
func (p *fastParser) number() float64 {
	if p.failed {
		return 0
	}
	start := p.i
	p.intPart()
	if p.i < len(p.b) && p.b[p.i] == '.' {
		p.i++
		if p.digits() == 0 {
			p.failed = true
		}
	}
	if p.i < len(p.b) && (p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		p.i++
		if p.i < len(p.b) && (p.b[p.i] == '+' || p.b[p.i] == '-') {
			p.i++
		}
		if p.digits() == 0 {
			p.failed = true
		}
	}
	if p.failed {
		return 0
	}
	v, err := strconv.ParseFloat(string(p.b[start:p.i]), 64)
	if err != nil {
		p.failed = true
		return 0
	}
	return v
}

// decodeFast decodes b if it is an eval-batch or eval-result in the form
// Encode writes; ok is false otherwise (the caller decodes b strictly).
// The body is not validated.
func decodeFast(b []byte) (m Message, ok bool) {
	p := &fastParser{b: b}
	p.lit(`{"v":`)
	v := p.integer(math.MinInt32, math.MaxInt32)
	p.lit(`,"type":`)
	t := Type(p.plainString())
	var id string
	if p.peek(`,"id":`) {
		id = p.plainString()
		if id == "" {
			return Message{}, false // "id":"" is what the strict path decodes too, but keep the form Encode writes
		}
	}
	p.lit(`,"data":`)
	var body Body
	switch t {
	case TypeEvalBatch:
		body = p.evalBatch()
	case TypeEvalResult:
		body = p.evalResult()
	default:
		return Message{}, false
	}
	p.lit("}")
	if p.failed || p.i != len(b) || v != Version {
		return Message{}, false
	}
	return Message{V: int(v), Type: t, ID: id, Body: body}, true
}

func (p *fastParser) evalBatch() *EvalBatch {
	m := &EvalBatch{}
	p.lit(`{"candidates":[`)
	if p.failed {
		return nil
	}
	if !p.peek("]") {
		for {
			p.lit("[")
			c := make([]int32, 0, 32)
			if !p.peek("]") {
				for {
					c = append(c, int32(p.integer(math.MinInt32, math.MaxInt32)))
					if p.failed || !p.peek(",") {
						break
					}
				}
				p.lit("]")
			}
			m.Candidates = append(m.Candidates, c)
			if p.failed || !p.peek(",") {
				break
			}
		}
		p.lit("]")
	} else {
		m.Candidates = [][]int32{}
	}
	if p.peek(`,"heldOut":`) {
		switch {
		case p.peek("true"):
			m.HeldOut = true
		case p.peek("false"):
		default:
			p.failed = true
		}
	}
	p.lit("}")
	return m
}

func (p *fastParser) evalResult() *EvalResult {
	m := &EvalResult{}
	p.lit(`{"scores":[`)
	if p.failed {
		return nil
	}
	m.Scores = []Score{}
	if !p.peek("]") {
		for {
			var s Score
			p.lit(`{"fitness":`)
			s.Fitness = p.number()
			if p.peek(`,"matched":`) {
				s.Matched = int(p.integer(math.MinInt64, math.MaxInt64))
			}
			if p.peek(`,"total":`) {
				s.Total = int(p.integer(math.MinInt64, math.MaxInt64))
			}
			if p.peek(`,"nodes":`) {
				s.Nodes = p.integer(math.MinInt64, math.MaxInt64)
			}
			if p.peek(`,"loss":`) {
				s.Loss = p.number()
			}
			if p.peek(`,"points":`) {
				s.Points = p.number()
			}
			if p.peek(`,"grad":[`) {
				s.Grad = []float64{}
				if !p.peek("]") {
					for {
						s.Grad = append(s.Grad, p.number())
						if p.failed || !p.peek(",") {
							break
						}
					}
					p.lit("]")
				}
			}
			p.lit("}")
			m.Scores = append(m.Scores, s)
			if p.failed || !p.peek(",") {
				break
			}
		}
		p.lit("]")
	}
	p.lit("}")
	return m
}
