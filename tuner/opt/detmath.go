package opt

import "math"

// Deterministic elementary functions. The standard library's math.Exp and
// math.Log use assembly on amd64 and pure Go elsewhere, which may differ in
// the last bit; these versions use only +, -, ×, ÷ (products wrapped in
// float64 to prevent FMA fusion), math.Frexp and math.Ldexp, so native and
// WebAssembly runs agree bit for bit.

const (
	ln2Hi = 6.93147180369123816490e-01 // high bits of ln 2 (exact in float64 products with small ints)
	ln2Lo = 1.90821492927058770002e-10 // ln 2 - ln2Hi
	log2e = 1.44269504088896338700e+00
)

// dlog returns the natural logarithm of x > 0 (−MaxFloat64 for x <= 0).
func dlog(x float64) float64 {
	if x <= 0 || math.IsNaN(x) {
		return -math.MaxFloat64
	}
	if math.IsInf(x, 1) {
		return math.MaxFloat64
	}
	m, e := math.Frexp(x) // x = m·2^e, m in [0.5, 1)
	if m < math.Sqrt2/2 {
		m *= 2
		e--
	}
	// log m = 2·atanh(s), s = (m-1)/(m+1), |s| <= 0.1716.
	s := (m - 1) / (m + 1)
	s2 := float64(s * s)
	sum, term := 0.0, s
	for k := 1; k < 80; k += 2 {
		add := term / float64(k)
		sum += add
		if math.Abs(add) <= 1e-20*math.Abs(sum) {
			break
		}
		term = float64(term * s2)
	}
	fe := float64(e)
	return float64(2*sum) + float64(fe*ln2Lo) + float64(fe*ln2Hi)
}

// dexp returns e^x.
func dexp(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case x > 709.7:
		return math.MaxFloat64
	case x < -745:
		return 0
	}
	k := math.Round(float64(x * log2e))
	r := x - float64(k*ln2Hi) - float64(k*ln2Lo) // |r| <= 0.35
	sum, term := 1.0, 1.0
	for i := 1; i < 40; i++ {
		term = float64(term*r) / float64(i)
		sum += term
		if math.Abs(term) <= 1e-20 {
			break
		}
	}
	return math.Ldexp(sum, int(k))
}

// dpow returns x^y for x > 0 (0 for x == 0 and y > 0).
func dpow(x, y float64) float64 {
	if x == 0 {
		if y > 0 {
			return 0
		}
		return 1
	}
	return dexp(float64(y * dlog(x)))
}

// normal draws a standard normal deviate with Marsaglia's polar method from
// uniform deviates of next (one deviate per call; the second is discarded so
// that the state stays one PCG).
func normal(next func() float64) float64 {
	for {
		u := 2*next() - 1
		v := 2*next() - 1
		s := float64(u*u) + float64(v*v)
		if s <= 0 || s >= 1 {
			continue
		}
		return float64(u * math.Sqrt(float64(-2*dlog(s))/s))
	}
}
