package search

import "github.com/evochess/evochess/engine/board"

// search is the principal-variation (negascout) alpha-beta search of one
// node: depth is in quarter plies, ply counts from the root, cutNode marks
// an expected cut node (Björnsson and Marsland's multi-cut applies only
// there). It returns a fail-soft score; when the search is stopped the
// value is meaningless and callers must check s.stopped.
//
// With the modern group of Params on it also applies, in this order:
// reverse futility pruning, internal iterative reductions, singular
// extensions (a reduced search of this node excluding the hash move, at the
// same ply), and per move late-move pruning, continuation-history pruning,
// SEE pruning and late-move reductions; every one of them is off in the
// zero Params, which searches exactly as the Table I search did.
func (s *Searcher) search(pos *board.Position, alpha, beta, depth, ply int, cutNode bool) int {
	s.pvLen[ply] = ply
	if depth < onePly {
		if s.noQuiescence {
			s.nodes++
			return s.evaluate(pos)
		}
		return s.qsearch(pos, alpha, beta, ply, 0)
	}
	s.nodes++
	if s.nodes >= s.nextPoll {
		s.poll()
	}
	if s.nodeLimit > 0 && s.nodes >= s.nodeLimit {
		s.stopped = true
	}
	if s.stopped {
		return 0
	}
	if ply > s.selDepth {
		s.selDepth = ply
	}
	pvNode := beta-alpha > 1
	f := &s.stack[ply]
	excluded := f.excluded

	// Draws, and mate-distance pruning.
	if pos.IsRepetition(2) || pos.IsInsufficientMaterial() || (pos.HalfmoveClock >= 100 && pos.IsFiftyMoveDraw()) {
		return 0
	}
	if ply >= MaxPly-1 {
		return s.evaluate(pos)
	}
	alpha = max(alpha, -MateScore+ply)
	beta = min(beta, MateScore-ply-1)
	if alpha >= beta {
		return alpha
	}

	// Transposition table (not in a singular search, which excludes the
	// hash move: its result is not this node's).
	ttMove := board.NoMove
	ttEval := noEval
	ttScore, ttDepth, ttBound := 0, -1, boundNone
	var e ttEntry
	hit := false
	if excluded == board.NoMove {
		e, hit = s.tt.probe(pos.Hash)
	}
	if hit {
		ttMove = e.move
		ttEval = int(e.eval)
		ttScore = scoreFromTT(int(e.score), ply)
		ttBound = int(e.flags & 3)
		ttDepth = int(e.depth)
		if !pvNode && ttDepth >= depth &&
			(ttBound == boundExact || ttBound == boundLower && ttScore >= beta || ttBound == boundUpper && ttScore <= alpha) {
			return ttScore
		}
	}

	inCheck := pos.InCheck()
	staticEval := -Infinity
	rawEval := noEval // the evaluation itself, before correction (stored in the table)
	switch {
	case inCheck:
		f.staticEval = noEval
	case excluded != board.NoMove:
		staticEval = f.staticEval // set by this node's own search
	default:
		if ttEval != noEval {
			rawEval = ttEval
		} else {
			rawEval = s.evaluate(pos)
		}
		staticEval = s.corrected(pos, rawEval)
		f.staticEval = staticEval
	}
	p := &s.params
	us := pos.Side

	// Improving: the static evaluation beats the one of our previous node
	// (two plies up, or four when that one was in check).
	improving := false
	if p.ImprovingUse && !inCheck {
		improving = true
		if ply >= 2 && s.stack[ply-2].staticEval != noEval {
			improving = staticEval > s.stack[ply-2].staticEval
		} else if ply >= 4 && s.stack[ply-4].staticEval != noEval {
			improving = staticEval > s.stack[ply-4].staticEval
		}
	}
	d := depth / onePly

	// Reverse futility pruning (static null move): far enough above beta at
	// shallow depth, the static evaluation is returned.
	if p.RFPUse && !pvNode && !inCheck && excluded == board.NoMove && ply > 0 && d <= p.RFPDepth &&
		!IsMateScore(beta) && staticEval-p.RFPMargin*(d-b2int(improving)) >= beta {
		return staticEval
	}

	// Razoring: at shallow depth, far enough below alpha, the node is
	// resolved by the quiescence search when that confirms the fail low.
	if p.RazorDepth > 0 && !pvNode && !inCheck && excluded == board.NoMove && ply > 0 && d <= p.RazorDepth &&
		!IsMateScore(alpha) && staticEval+p.RazorMargin*d*d <= alpha {
		v := s.qsearch(pos, alpha, alpha+1, ply, 0)
		if s.stopped {
			return 0
		}
		if v <= alpha {
			return v
		}
	}

	// Null-move pruning (Beal; Donninger), adaptive (Heinz) when
	// NullMoveAdaptivity is on: R plies above NullMoveAdaptivityDepth, R-1 at
	// or below. A null-move search that is mated reveals a mate threat.
	mateThreat := false
	if p.NullMoveUse && !pvNode && !inCheck && ply > 0 && !s.stack[ply].afterNull && excluded == board.NoMove &&
		depth >= 2*onePly && staticEval >= beta && !IsMateScore(beta) &&
		pos.ByColor[us]&^(pos.Pieces[us][board.Pawn]|pos.Pieces[us][board.King]) != 0 {
		r := p.nullMoveReduction(d)
		if p.NullMoveDepthDiv > 0 {
			r += d / p.NullMoveDepthDiv
		}
		if p.NullMoveEvalDiv > 0 {
			r += min((staticEval-beta)/p.NullMoveEvalDiv, 3)
		}
		pos.MakeNullMove()
		f.cont = &s.contNone
		s.stack[ply+1].afterNull = true
		v := -s.search(pos, -beta, -beta+1, depth-onePly-r*onePly, ply+1, !cutNode)
		s.stack[ply+1].afterNull = false
		pos.UnmakeNullMove()
		if s.stopped {
			return 0
		}
		if v >= beta {
			if v >= mateBound {
				v = beta // do not trust a mate found after a null move
			}
			return v
		}
		if v <= -mateBound {
			mateThreat = true
		}
	}

	// Internal iterative reduction: a PV or expected cut node without a
	// hash move is probably ordered badly; search it a ply shallower.
	if p.IIRUse && excluded == board.NoMove && ttMove == board.NoMove && (pvNode || cutNode) &&
		depth >= max(p.IIRDepth, 2)*onePly {
		depth -= onePly
		d = depth / onePly
	}

	// Singular extension: when the hash move's score is a lower bound from
	// nearly this depth and every other move fails low against a window
	// below it (a reduced search of this node excluding it), the hash move
	// is extended by a ply. If even that window fails high, the node has
	// several good moves: with the window at or above beta it is cut
	// (multi-cut), otherwise a hash move already above beta is reduced.
	singularExt := 0
	if p.SingularUse && excluded == board.NoMove && ply > 0 && ply < 2*s.rootDepth && ttMove != board.NoMove &&
		depth >= max(p.SingularDepth, 3)*onePly && ttBound&boundLower != 0 && ttDepth >= depth-3*onePly &&
		!IsMateScore(ttScore) {
		sBeta := ttScore - p.SingularMargin*d
		f.excluded = ttMove
		v := s.search(pos, sBeta-1, sBeta, (depth-onePly)/2, ply, cutNode)
		f.excluded = board.NoMove
		if s.stopped {
			return 0
		}
		switch {
		case v < sBeta:
			singularExt = onePly
		case sBeta >= beta:
			return sBeta
		case ttScore >= beta:
			singularExt = -onePly
		}
	}

	pos.GenerateLegal(&f.ml)
	n := f.ml.N
	if n == 0 {
		if inCheck {
			return -MateScore + ply
		}
		return 0
	}
	s.scoreMoves(pos, f, ttMove, ply, false)

	// Multi-cut (Björnsson and Marsland): at an expected cut node, search
	// the first M moves to a depth reduced by the multi-cut reduction; if C
	// of them fail high, prune the node. C is at least 1.
	if p.MultiCutUse && cutNode && !pvNode && !inCheck && ply > 0 && excluded == board.NoMove &&
		d >= p.MultiCutDepth && p.MultiCutMoveNum > 0 && !IsMateScore(beta) {
		need := max(p.MultiCutCutNum, 1)
		cuts := 0
		mcDepth := depth - onePly - p.MultiCutReduction*onePly
		for i := 0; i < min(p.MultiCutMoveNum, n); i++ {
			m := pickMove(f, i, n)
			f.cont = s.contFor(pos.Board[m.From()], m.To())
			pos.MakeMove(m)
			s.stack[ply+1].afterNull = false
			v := -s.search(pos, -beta, -beta+1, mcDepth, ply+1, !cutNode)
			pos.UnmakeMove()
			if s.stopped {
				return 0
			}
			if v >= beta {
				cuts++
				if cuts >= need {
					return beta
				}
			}
		}
	}

	// Futility pruning (Heinz): at remaining depth d <= FutilityDepth, when
	// the static evaluation plus the depth-d threshold (plus
	// FutilityImproving at improving nodes) cannot reach alpha, quiet
	// non-checking moves are skipped.
	futile := false
	if !pvNode && !inCheck && !IsMateScore(alpha) {
		if margin, ok := p.futilityMargin(d); ok {
			if improving {
				margin += p.FutilityImproving
			}
			futile = staticEval+margin <= alpha
		}
	}

	// Shallow pruning of late moves needs a move that is not losing to
	// mate already searched, and pieces besides pawns (zugzwang).
	modernPrune := ply > 0 && (p.LMPUse || p.SEEPruneUse || p.HistoryPruneDepth > 0 && p.ContHist > 0) &&
		pos.ByColor[us]&^(pos.Pieces[us][board.Pawn]|pos.Pieces[us][board.King]) != 0
	lmpLimit := 1 << 30
	if p.LMPUse && d <= p.LMPDepth {
		lmpLimit = p.LMPBase + d*d
		if p.ImprovingUse && !improving {
			lmpLimit /= 2
		}
	}
	needCheck := p.CheckExtension > 0 || p.LMRUse
	c1, c2, c4 := s.contAt(ply, 1), s.contAt(ply, 2), &s.contNone
	if p.ContHist >= 2 {
		c4 = s.contAt(ply, 4)
	}
	hist := &s.history[us]

	oneReply := n == 1
	origAlpha := alpha
	best := -Infinity
	bestMove := board.NoMove
	searched := 0
	var ci checkInfo
	moveCount := 0
	nQuiets, nCaptures := 0, 0
	for i := 0; i < n; i++ {
		m := pickMove(f, i, n)
		if m == excluded {
			continue
		}
		s.prefetchChild(pos, m)
		moveCount++
		quiet := !m.IsCapture() && !m.IsPromotion()
		pc := pos.Board[m.From()]
		// Whether m gives check is computed before the move only when a
		// pruning rule needs it, otherwise after the move (pos.InCheck is
		// cheaper than pos.GivesCheck).
		givesCheck, checkKnown := false, false
		if futile && searched > 0 && quiet {
			givesCheck, checkKnown = ci.givesCheck(pos, m), true
			if !givesCheck {
				continue
			}
		}
		// Late-move reduction in quarter plies (also the lmrDepth of the
		// pruning rules).
		r := 0
		if p.LMRUse {
			r = int(s.lmr[min(d, 63)][min(moveCount, 63)])
		}
		if modernPrune && best > -mateBound {
			if quiet {
				if moveCount > lmpLimit {
					if !checkKnown {
						givesCheck, checkKnown = ci.givesCheck(pos, m), true
					}
					if !givesCheck {
						continue
					}
				}
				lmrDepth := max(depth-r, 0) / onePly
				if p.HistoryPruneDepth > 0 && p.ContHist > 0 && lmrDepth < p.HistoryPruneDepth &&
					contScore(c1, c2, c4, pc, m.To()) < -p.HistoryPruneMargin*d {
					if !checkKnown {
						givesCheck, checkKnown = ci.givesCheck(pos, m), true
					}
					if !givesCheck {
						continue
					}
				}
				// A quiet move's SEE is at least minus the mover's value:
				// no need to compute it below that.
				if th := -p.SEEQuietMargin * lmrDepth * lmrDepth; p.SEEPruneUse && d <= p.SEEPruneDepth &&
					th > -board.SEEValue[pc.Type()] && pos.SEE(m) < th {
					continue
				}
			} else if p.SEEPruneUse && d <= p.SEEPruneDepth && f.scores[i] < scoreKiller2 && pos.SEE(m) < -p.SEECaptureMargin*d {
				// Captures scored below the good ones may lose material.
				continue
			}
		}
		extSum := s.extensionSum(pos, m, ply, oneReply, mateThreat)
		f.cont = s.contFor(pc, m.To())
		pos.MakeMove(m)
		if !checkKnown && needCheck {
			givesCheck = pos.InCheck()
		}
		ext := 0
		if extSum >= 0 {
			if givesCheck {
				extSum += p.CheckExtension
			}
			ext = min(extSum, onePly)
		}
		if singularExt != 0 && m == ttMove {
			ext = min(ext+singularExt, onePly)
		}
		newDepth := depth - onePly + ext
		s.stack[ply+1].afterNull = false
		searched++
		var v int
		if searched == 1 {
			v = -s.search(pos, -beta, -alpha, newDepth, ply+1, !cutNode)
		} else {
			full := true
			if p.LMRUse && (quiet || p.LMRCaptures && f.scores[i] < scoreGoodCapture) &&
				d >= max(p.LMRMinDepth, 1) && moveCount > p.LMRMinMoves+b2int(pvNode) {
				if !quiet {
					r -= onePly
				}
				if pvNode {
					r -= onePly
				}
				if cutNode {
					r += onePly
				}
				if p.ImprovingUse && !improving {
					r += onePly
				}
				if givesCheck {
					r -= onePly
				}
				if f.scores[i] >= scoreKiller2 {
					r -= onePly
				}
				if p.LMRHistoryDivisor > 0 {
					stat := int(hist[m.From()][m.To()])
					if p.ContHist > 0 {
						stat += contScore(c1, c2, c4, pc, m.To())
					}
					r -= stat / p.LMRHistoryDivisor
				}
				rd := min(max(newDepth-r, onePly), newDepth)
				if rd < newDepth {
					full = false
					v = -s.search(pos, -alpha-1, -alpha, rd, ply+1, true)
					if v > alpha && !s.stopped {
						full = true
					}
				}
			}
			if full && !s.stopped {
				v = -s.search(pos, -alpha-1, -alpha, newDepth, ply+1, !cutNode)
			}
			if v > alpha && v < beta && !s.stopped {
				v = -s.search(pos, -beta, -alpha, newDepth, ply+1, false)
			}
		}
		pos.UnmakeMove()
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				bestMove = m
				if pvNode {
					s.pv[ply][ply] = m
					copy(s.pv[ply][ply+1:], s.pv[ply+1][ply+1:s.pvLen[ply+1]])
					s.pvLen[ply] = max(s.pvLen[ply+1], ply+1)
				}
				if v >= beta {
					if quiet {
						s.updateQuietStats(pos, m, ply, depth, f.quiets[:nQuiets])
					} else if p.CaptureHist {
						s.updateCaptureHistory(pos, m, depth, true)
					}
					if p.CaptureHist {
						for _, c := range f.captures[:nCaptures] {
							s.updateCaptureHistory(pos, c, depth, false)
						}
					}
					break
				}
				alpha = v
			}
		}
		if quiet {
			if nQuiets < len(f.quiets) {
				f.quiets[nQuiets] = m
				nQuiets++
			}
		} else if nCaptures < len(f.captures) {
			f.captures[nCaptures] = m
			nCaptures++
		}
	}
	if searched == 0 && excluded != board.NoMove {
		return alpha // only the excluded move: the singular test fails low
	}
	if excluded != board.NoMove {
		return best
	}

	bound := boundUpper
	switch {
	case best >= beta:
		bound = boundLower
	case best > origAlpha:
		bound = boundExact
	}
	if p.CorrHist > 0 && !inCheck && (bestMove == board.NoMove || !bestMove.IsCapture() && !bestMove.IsPromotion()) &&
		!IsMateScore(best) && !(bound == boundLower && best <= staticEval) && !(bound == boundUpper && best >= staticEval) {
		s.updateCorrection(pos, rawEval, best, depth)
	}
	s.ttStore(pos.Hash, bestMove, scoreToTT(best, ply), rawEval, depth, bound)
	return best
}

func b2int(b bool) int {
	if b {
		return 1
	}
	return 0
}

// nullMoveReduction is the null-move depth reduction in plies at remaining
// depth d plies: NullMoveReduction, or one less at or below
// NullMoveAdaptivityDepth when NullMoveAdaptivity is on (never negative).
func (p *Params) nullMoveReduction(d int) int {
	r := p.NullMoveReduction
	if p.NullMoveAdaptivity && d <= p.NullMoveAdaptivityDepth {
		r = max(r-1, 0)
	}
	return r
}

// futilityMargin returns Table I's futility threshold for remaining depth d
// plies, and false where futility pruning does not apply (d outside
// 1..FutilityDepth).
func (p *Params) futilityMargin(d int) (int, bool) {
	if d < 1 || d > p.FutilityDepth {
		return 0, false
	}
	switch d {
	case 1:
		return p.FutilityThreshold1, true
	case 2:
		return p.FutilityThreshold2, true
	}
	return p.FutilityThreshold3, true
}

// extension returns the extension in quarter plies of move m (Table I:
// check, one reply, recapture, passed pawn to the seventh rank, mate
// threat), their sum capped at one ply. Extensions stop beyond twice the
// iteration depth so that chains of checks cannot explode the tree.
func (s *Searcher) extension(pos *board.Position, m board.Move, ply int, givesCheck, oneReply, mateThreat bool) int {
	ext := s.extensionSum(pos, m, ply, oneReply, mateThreat)
	if ext < 0 {
		return 0
	}
	if givesCheck {
		ext += s.params.CheckExtension
	}
	return min(ext, onePly)
}

// extensionSum returns the uncapped sum of the extensions of m other than
// the check extension (which the search adds once the move is made), or -1
// beyond twice the iteration depth, where nothing is extended.
func (s *Searcher) extensionSum(pos *board.Position, m board.Move, ply int, oneReply, mateThreat bool) int {
	if ply >= 2*s.rootDepth {
		return -1
	}
	p := &s.params
	ext := 0
	if oneReply {
		ext += p.OneReplyExtension
	}
	if mateThreat {
		ext += p.MateThreatExtension
	}
	if p.RecaptureExtension > 0 && m.IsCapture() {
		if last := pos.LastMove(); last != board.NoMove && last.IsCapture() && last.To() == m.To() {
			ext += p.RecaptureExtension
		}
	}
	if p.PassedPawnExtension > 0 && pos.Board[m.From()].Type() == board.Pawn {
		if r := m.To().Rank(); (pos.Side == board.White && r == 6) || (pos.Side == board.Black && r == 1) {
			ext += p.PassedPawnExtension
		}
	}
	return ext
}

// qsearch is the quiescence search: stand pat on the static evaluation,
// then captures and promotions (SEE-losing captures and hopeless captures
// pruned), plus quiet checking moves at its first ply; in check, all
// evasions (and checkmate is detected). With s.qsPV set (QuiescenceResolver
// only) it also records in s.pv[ply] the line of the move that set its
// fail-soft value (the principal variation at exact nodes), so the value
// returned is always the static evaluation of that line's leaf or a mate
// there; a normal search leaves that off, so its PVs end at the quiescence
// horizon as before.
func (s *Searcher) qsearch(pos *board.Position, alpha, beta, ply, qply int) int {
	s.pvLen[ply] = ply
	s.nodes++
	if s.nodes >= s.nextPoll {
		s.poll()
	}
	if s.nodeLimit > 0 && s.nodes >= s.nodeLimit {
		s.stopped = true
	}
	if s.stopped {
		return 0
	}
	if ply > s.selDepth {
		s.selDepth = ply
	}
	if ply >= MaxPly-1 {
		return s.evaluate(pos)
	}
	// Transposition table, at the first quiescence ply only (deeper probes
	// cost more in cache misses than they save in nodes). Quiescence
	// entries have depth 0, so they never cut off a main-search node; they
	// cut here and order the captures.
	useTT := qply == 0
	ttMove := board.NoMove
	ttEval := noEval
	var e ttEntry
	hit := false
	if useTT {
		e, hit = s.tt.probe(pos.Hash)
	}
	if hit {
		ts := scoreFromTT(int(e.score), ply)
		b := int(e.flags & 3)
		if b == boundExact || b == boundLower && ts >= beta || b == boundUpper && ts <= alpha {
			return ts
		}
		ttMove, ttEval = e.move, int(e.eval)
	}
	f := &s.stack[ply]
	inCheck := pos.InCheck()
	best := -Infinity
	standPat, rawEval := noEval, noEval
	origAlpha := alpha
	if inCheck {
		pos.GenerateLegal(&f.ml)
		if f.ml.N == 0 {
			return -MateScore + ply
		}
		s.scoreMoves(pos, f, ttMove, ply, true)
	} else {
		rawEval = ttEval
		if rawEval == noEval {
			rawEval = s.evaluate(pos)
		}
		standPat = s.corrected(pos, rawEval)
		if standPat >= beta {
			if useTT && !hit {
				s.ttStore(pos.Hash, board.NoMove, scoreToTT(standPat, ply), rawEval, 0, boundLower)
			}
			return standPat
		}
		if standPat > alpha {
			alpha = standPat
		}
		best = standPat
		if qply == 0 && !s.params.QSNoChecks {
			// Captures, promotions and quiet checks, without the quiet
			// moves that give no check, ordered exactly as the whole move
			// list would be (orderAsLegal).
			total := pos.GenerateQuiescence(&f.ml, s.qIdx[:])
			s.scoreQMoves(pos, f, true, ttMove)
			orderAsLegal(f.ml.Moves[:f.ml.N], f.scores[:f.ml.N], s.qIdx[:f.ml.N], total)
		} else {
			pos.GenerateCaptures(&f.ml)
			s.scoreQMoves(pos, f, false, ttMove)
		}
	}
	bestMove := board.NoMove
	var ci checkInfo
	n := f.ml.N
	for i := 0; i < n; i++ {
		m := pickMove(f, i, n)
		if !inCheck {
			if f.scores[i] == qSkip {
				break // only skipped moves are left
			}
			// GenerateQuiescence lists only quiet moves that check, so of
			// the moves scored qMaybeCheck only under-promotions need the test.
			if f.scores[i] == qMaybeCheck && m.IsPromotion() && !ci.givesCheck(pos, m) {
				continue // an under-promotion that does not check
			}
			if m.IsCapture() && !m.IsPromotion() {
				victim := pieceValue[capturedType(pos, m)]
				// Delta pruning: even winning the piece cannot reach alpha.
				if standPat+victim+200 <= alpha {
					continue
				}
				if pieceValue[pos.Board[m.From()].Type()] > victim && pos.SEE(m) < 0 {
					continue
				}
			}
		}
		pos.MakeMove(m)
		v := -s.qsearch(pos, -beta, -alpha, ply+1, qply+1)
		pos.UnmakeMove()
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
			if s.qsPV {
				s.pv[ply][ply] = m
				copy(s.pv[ply][ply+1:], s.pv[ply+1][ply+1:s.pvLen[ply+1]])
				s.pvLen[ply] = max(s.pvLen[ply+1], ply+1)
			}
			if v > alpha {
				bestMove = m
				if v >= beta {
					break
				}
				alpha = v
			}
		}
	}
	bound := boundUpper
	switch {
	case best >= beta:
		bound = boundLower
	case best > origAlpha:
		bound = boundExact
	}
	if useTT {
		s.ttStore(pos.Hash, bestMove, scoreToTT(best, ply), rawEval, 0, bound)
	}
	return best
}

// capturedType returns the type of the piece m captures (Pawn for en passant).
func capturedType(pos *board.Position, m board.Move) board.PieceType {
	if m.IsEnPassant() {
		return board.Pawn
	}
	return pos.Board[m.To()].Type()
}

// Move-ordering score bands.
const (
	scoreHash        = 1 << 30
	scoreGoodCapture = 1 << 28
	scoreKiller1     = 1 << 27
	scoreKiller2     = 1<<27 - 1
	scoreUnderPromo  = -(1 << 27)
	scoreBadCapture  = -(1 << 28)
	historyMax       = 1 << 14
	qSkip            = -(1 << 30)
	qMaybeCheck      = -(1 << 29)
)

// mvvLva ranks captures and promotions: most valuable victim first, then
// least valuable attacker; a promotion counts its new piece as a victim.
func mvvLva(pos *board.Position, m board.Move) int32 {
	v := 5 - int32(pos.Board[m.From()].Type())
	if m.IsCapture() {
		v += victimRank[pos.Board[m.To()].Type()]
	}
	if m.IsPromotion() {
		v += int32(m.Promotion()) * 16
	}
	return v
}

// victimRank is mvvLva's (victim type + 1)·16 by the type on a capture's
// destination square; that square is empty (NoPieceType) only for en
// passant, which takes a pawn. (A table instead of capturedType keeps
// mvvLva inlinable.)
var victimRank = [board.NoPieceType + 1]int32{16, 32, 48, 64, 80, 96, 16}

// scoreMoves scores f's moves for a main-search node: hash move, winning or
// equal captures and queen promotions by MVV-LVA, killers, quiet moves by
// history, under-promotions, then SEE-losing captures. With CaptureHist,
// captures are ordered by MVV-LVA plus their capture history; with
// ContHist, quiet moves by the butterfly history plus the continuation
// histories of the moves 1, 2 (and 4) plies earlier. qs (evasions in the
// quiescence search) uses the butterfly history only.
func (s *Searcher) scoreMoves(pos *board.Position, f *frame, ttMove board.Move, ply int, qs bool) {
	k1, k2 := s.killers[ply][0], s.killers[ply][1]
	hist := &s.history[pos.Side]
	p := &s.params
	capHist := p.CaptureHist && !qs
	cont := p.ContHist > 0 && !qs
	c1, c2, c4 := &s.contNone, &s.contNone, &s.contNone
	if cont {
		c1, c2 = s.contAt(ply, 1), s.contAt(ply, 2)
		if p.ContHist >= 2 {
			c4 = s.contAt(ply, 4)
		}
	}
	for i := 0; i < f.ml.N; i++ {
		m := f.ml.Moves[i]
		var sc int32
		if !m.IsCapture() && !m.IsPromotion() {
			// A quiet move: its history (the continuation tables are
			// contNone, all zero, when off), or a killer's band. Written as
			// overrides that compile to selects, not branches: every taken
			// branch is dear in WebAssembly.
			sc = hist[m.From()][m.To()] + int32(contScore(c1, c2, c4, pos.Board[m.From()], m.To()))
			if m == k2 {
				sc = scoreKiller2
			}
			if m == k1 {
				sc = scoreKiller1
			}
		} else {
			switch {
			case m.IsPromotion() && m.Promotion() != board.Queen:
				sc = scoreUnderPromo + mvvLva(pos, m)
			case m.IsCapture():
				pc := pos.Board[m.From()]
				victim := capturedType(pos, m)
				band := int32(scoreGoodCapture)
				if m != ttMove && pieceValue[pc.Type()] > pieceValue[victim] && pos.SEE(m) < 0 {
					band = scoreBadCapture
				}
				if capHist {
					sc = band + mvvLva(pos, m)*capOrderScale + int32(s.capHist[pc][m.To()][victim])/capOrderDiv
				} else {
					sc = band + mvvLva(pos, m)
				}
			default: // queen promotion
				sc = scoreGoodCapture + mvvLva(pos, m)
				if capHist {
					sc = scoreGoodCapture + mvvLva(pos, m)*capOrderScale
				}
			}
		}
		if m == ttMove {
			sc = scoreHash
		}
		f.scores[i] = sc
	}
}

// Capture ordering with capture history: MVV-LVA·capOrderScale plus the
// capture history divided by capOrderDiv (so the history can reorder
// captures of about one victim class).
const (
	capOrderScale = 128
	capOrderDiv   = 8
)

// contTable is one continuation history: the score of each [piece][to]
// reply, for one (piece, to) of an earlier move.
type contTable = [12][64]int16

// contFor returns the continuation table of the move of piece pc to to
// (contNone when the histories are off).
func (s *Searcher) contFor(pc board.Piece, to board.Square) *contTable {
	if s.contHist == nil || pc >= board.NoPiece {
		return &s.contNone
	}
	return &s.contHist[pc][to&63]
}

// contAt returns the continuation table of the move played back plies
// before the node at ply (contNone before the root or after a null move).
func (s *Searcher) contAt(ply, back int) *contTable {
	if ply < back {
		return &s.contNone
	}
	return s.stack[ply-back].cont
}

// contScore sums the continuation histories of the move of piece pc to to.
func contScore(c1, c2, c4 *contTable, pc board.Piece, to board.Square) int {
	if pc >= board.NoPiece {
		return 0
	}
	return int(c1[pc][to&63]) + int(c2[pc][to&63]) + int(c4[pc][to&63])
}

// scoreQMoves scores f's moves for the quiescence search: captures and
// queen promotions by MVV-LVA; then quiet moves and under-promotions as
// qMaybeCheck (searched only if they give check, tested lazily since a
// capture often cuts off first); with quietChecks false they get qSkip
// (they sort last and end the loop). The hash move, if a capture or queen
// promotion, comes first.
func (s *Searcher) scoreQMoves(pos *board.Position, f *frame, quietChecks bool, ttMove board.Move) {
	rest := int32(qSkip)
	if quietChecks {
		rest = qMaybeCheck
	}
	// Written as overrides of selects, not an if-else chain: every taken
	// branch costs a trip through the block dispatch in WebAssembly.
	for i, m := range f.ml.Moves[:f.ml.N] {
		sc := rest
		queen := m.Promotion() == board.Queen
		if m.IsPlainCapture() || queen {
			sc = scoreGoodCapture + mvvLva(pos, m) // a capture (not promoting) or a queen promotion
		}
		if m == ttMove && (m.IsCapture() || queen) {
			sc = scoreHash
		}
		f.scores[i] = sc
	}
}

// orderAsLegal puts the moves of a quiescence search's first ply (captures,
// promotions and quiet checks from board.Position.GenerateQuiescence, scored
// by scoreQMoves) in the order in which pickMove would try them had the
// ply generated every legal move (GenerateLegal, total moves, the quiet ones
// that give no check scored qMaybeCheck and skipped): at holds each move's
// index in that list. pickMove's first sortAfter picks select the highest
// score among the moves from the pick's index on (the first such move by
// index) and swap it with the move at the pick's index; the moves after
// them are then sorted by score, stably. The moves are left in that order
// with their scores, which do not increase along it, so pickMove keeps it.
// The search is therefore the same, node for node, as with the whole list
// (TestQuiescenceOrder, TestSignature).
func orderAsLegal(moves []board.Move, scores, at []int32, total int) {
	for i := int32(0); i < sortAfter && i < int32(total); i++ {
		// The moves left out all score qMaybeCheck, the least score here:
		// a pick selects one of ours only when it scores more than that
		// (else the move already at index i stays).
		b := -1
		for j, sc := range scores {
			if at[j] >= i && sc > qMaybeCheck && (b < 0 || sc > scores[b] || sc == scores[b] && at[j] < at[b]) {
				b = j
			}
		}
		if b < 0 || at[b] == i {
			continue
		}
		for j := range at {
			if at[j] == i {
				at[j] = at[b]
				break
			}
		}
		at[b] = i
	}
	// Picks first (by index), then the rest by score and index.
	before := func(a, b int) bool {
		pa, pb := at[a] < sortAfter, at[b] < sortAfter
		switch {
		case pa != pb:
			return pa
		case pa || scores[a] == scores[b]:
			return at[a] < at[b]
		default:
			return scores[a] > scores[b]
		}
	}
	for j := 1; j < len(moves); j++ {
		for k := j; k > 0 && before(k, k-1); k-- {
			moves[k], moves[k-1] = moves[k-1], moves[k]
			scores[k], scores[k-1] = scores[k-1], scores[k]
			at[k], at[k-1] = at[k-1], at[k]
		}
	}
}

// pickMove returns the move to try i-th among f.ml[:n], best score first.
// The first picks are selection-sort steps (cheap when an early move cuts
// off); at pick sortAfter the rest is insertion-sorted once, so all-nodes
// do not pay a quadratic selection. Equal scores keep their relative order
// from the later sort on; the result is deterministic either way.
func pickMove(f *frame, i, n int) board.Move {
	if i > sortAfter {
		return f.ml.Moves[i] // sorted at pick sortAfter
	}
	return pickSort(f, i, n)
}

// pickSort is pickMove's selection or sorting step (apart so that pickMove
// inlines: calls are dear in WebAssembly).
func pickSort(f *frame, i, n int) board.Move {
	moves, scores := f.ml.Moves[:n:n], f.scores[:n:n]
	switch {
	case i < sortAfter:
		bi := i + firstMax(scores[i:])
		if bi != i {
			moves[i], moves[bi] = moves[bi], moves[i]
			scores[i], scores[bi] = scores[bi], scores[i]
		}
	case i == sortAfter:
		ss := scores[i:]
		ms := moves[i:][:len(ss)]
		for j := 1; j < len(ss); j++ {
			m, sc := ms[j], ss[j]
			k := j
			for ; k > 0 && ss[k-1] < sc; k-- {
				ms[k], ss[k] = ms[k-1], ss[k-1]
			}
			ms[k], ss[k] = m, sc
		}
	}
	return moves[i]
}

// firstMax returns the index of the first highest of scores (not empty).
// It is kept out of line so that its loop compiles without branches: inlined,
// the index would feed a load address in the caller, and the compiler then
// keeps the branch, which costs a dispatch in WebAssembly at every move.
//
//go:noinline
func firstMax(scores []int32) int {
	bi, bs := 0, scores[0]
	for j, sc := range scores[1:] {
		if sc > bs {
			bi, bs = j+1, sc
		}
	}
	return bi
}

// sortAfter is the pick index at which pickMove sorts the remaining moves.
const sortAfter = 3

// historyBonus is the history update of a cut at depth (quarter plies):
// Table I's search used depth² capped at 400, times 32; with
// HistoryBonusMul set it is HistoryBonusMul·depth capped at
// HistoryBonusMax.
func (s *Searcher) historyBonus(depth int) int32 {
	d := depth / onePly
	if s.params.HistoryBonusMul > 0 {
		return int32(min(s.params.HistoryBonusMul*d, s.params.HistoryBonusMax))
	}
	return int32(min(d*d, 400)) * 32
}

// updateQuietStats rewards the quiet move m that failed high (killer,
// history and continuation-history bonus) and penalises the quiet moves
// tried before it. pos is the node's position (m not made).
func (s *Searcher) updateQuietStats(pos *board.Position, m board.Move, ply, depth int, tried []board.Move) {
	if s.killers[ply][0] != m {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = m
	}
	bonus := s.historyBonus(depth)
	hist := &s.history[pos.Side]
	addHistory(&hist[m.From()][m.To()], bonus)
	for _, q := range tried {
		addHistory(&hist[q.From()][q.To()], -bonus)
	}
	if s.params.ContHist == 0 {
		return
	}
	s.updateCont(ply, pos.Board[m.From()], m.To(), bonus)
	for _, q := range tried {
		s.updateCont(ply, pos.Board[q.From()], q.To(), -bonus)
	}
}

// updateCont applies bonus to the continuation histories (plies -1, -2 and,
// with ContHist 2, -4) of the move of piece pc to to at ply.
func (s *Searcher) updateCont(ply int, pc board.Piece, to board.Square, bonus int32) {
	if pc >= board.NoPiece {
		return
	}
	backs := [...]int{1, 2, 4}
	n := 2
	if s.params.ContHist >= 2 {
		n = 3
	}
	for _, b := range backs[:n] {
		if t := s.contAt(ply, b); t != &s.contNone {
			addHistory16(&t[pc][to&63], bonus)
		}
	}
}

// updateCaptureHistory rewards (good) or penalises the capture m at a cut
// of depth; pos is the node's position (m not made).
func (s *Searcher) updateCaptureHistory(pos *board.Position, m board.Move, depth int, good bool) {
	if !m.IsCapture() {
		return
	}
	pc := pos.Board[m.From()]
	if pc >= board.NoPiece {
		return
	}
	bonus := s.historyBonus(depth)
	if !good {
		bonus = -bonus
	}
	addHistory16(&s.capHist[pc][m.To()&63][capturedType(pos, m)], bonus)
}

// addHistory applies a bonus with gravity, keeping |h| <= historyMax:
// h += bonus - h·|bonus|/historyMax.
func addHistory(h *int32, bonus int32) {
	ab := bonus
	if ab < 0 {
		ab = -ab
	}
	*h += bonus - *h*ab/historyMax
}

// addHistory16 is addHistory for the 16-bit tables.
func addHistory16(h *int16, bonus int32) {
	ab := bonus
	if ab < 0 {
		ab = -ab
	}
	v := int32(*h)
	*h = int16(v + bonus - v*ab/historyMax)
}
