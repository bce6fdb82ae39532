#!/bin/sh
# search-elo.sh: the Elo of each technique of engine/search, measured as the
# search with the technique against the same search without it, at a fixed
# node count per move (deterministic and independent of machine load), on
# the shared UHO openings (each opening played with both colours), stopped
# early by an SPRT. The techniques of the default search are switched off in
# B ("no-multicut": Table I's multi-cut, off by default, on in B; "classic":
# the default search against the classic preset, the default until session
# 19); the candidates (names starting "+", off by default) are switched on
# in A; "-multicut" removes a Table I method from A ("-multicut",
# "-multicut+corrhist" and "+corrhist" were measured against the classic
# preset: BASESET=MultiCutUse=1,CorrHist=0,LMRDivisor=225). One markdown
# table row per technique on stdout; every match's full output in $LOGDIR.
#
#   scripts/search-elo.sh [TECHNIQUE ...]        (make search-elo)
#
# Environment (defaults in brackets): BIN [bin/evochess], NODES [20000],
# GAMES [600, the most games per technique], SPRT [0,10; "none": fixed
# GAMES], SEED [1, the opening order], CONC [2],
# OPENINGS [../shared/data/openings/UHO_4060_v4_1500.epd], SCHEME
# [phoenix640: the phoenix-default evaluation], BASESET [none: parameters
# both players get on top of the default search, e.g. MultiCutUse=0; A's and
# B's own parameters override them],
# LOGDIR [search-elo-logs], NICE [10].
set -eu
BIN=${BIN:-bin/evochess}
NODES=${NODES:-20000}
GAMES=${GAMES:-600}
SPRT=${SPRT:-0,10}
SEED=${SEED:-1}
CONC=${CONC:-2}
OPENINGS=${OPENINGS:-../shared/data/openings/UHO_4060_v4_1500.epd}
SCHEME=${SCHEME:-phoenix640}
BASESET=${BASESET:-}
LOGDIR=${LOGDIR:-search-elo-logs}
NICE=${NICE:-10}

# technique name | parameters of A (with it) | parameters of B (without it)
techniques() {
	cat <<'LIST'
all-modern||LMRUse=0,LMPUse=0,SEEPruneUse=0,IIRUse=0,SingularUse=0,ImprovingUse=0,RFPUse=0,FutilityImproving=0,ContHist=0,CaptureHist=0,HistoryBonusMul=0,HistoryPruneDepth=0
lmr||LMRUse=0
lmp||LMPUse=0
see-pruning||SEEPruneUse=0
rfp||RFPUse=0
singular||SingularUse=0
iir||IIRUse=0
improving||ImprovingUse=0,FutilityImproving=0
cont-history||ContHist=0
cont-history-4||ContHist=1
capture-history||CaptureHist=0
history-pruning||HistoryPruneDepth=0
history-bonus||HistoryBonusMul=0
no-multicut||MultiCutUse=1
corrhist||CorrHist=0
lmr-divisor||LMRDivisor=225
classic||MultiCutUse=1,CorrHist=0,LMRDivisor=225
-multicut|MultiCutUse=0|
-multicut+corrhist|MultiCutUse=0,CorrHist=8|
+corrhist|CorrHist=8|
+razoring|RazorDepth=3,RazorMargin=150|
+nmp-eval|NullMoveEvalDiv=200|
+nmp-depth|NullMoveDepthDiv=4|
+lmr-captures|LMRCaptures=1|
+qs-no-checks|QSNoChecks=1|
LIST
}

# json NAME PARAMS: a player file of SCHEME's default weights with the
# search parameters BASESET and PARAMS (Name=Value,...) on the default search.
json() {
	all=$(echo "$BASESET,$2" | sed 's/^,*//; s/,*$//; s/,,*/,/g')
	search=$(echo "$all" | sed 's/\([A-Za-z0-9]*\)=\([0-9]*\)/"\1":\2/g')
	printf '{"version":1,"name":"%s","scheme":"%s","search":{%s}}\n' "$1" "$SCHEME" "$search"
}

[ -x "$BIN" ] || { echo "search-elo: $BIN not built (make native)" >&2; exit 1; }
mkdir -p "$LOGDIR"
want="$*"
echo "| technique (A with it, B without) | Elo of the technique ± 95% | games | W-D-L (A) | pentanomial [LL LD DD+WL WD WW] | SPRT [$SPRT] |"
echo "|---|---|---|---|---|---|"
techniques | while IFS='|' read -r name on off; do
	if [ -n "$want" ] && ! echo " $want " | grep -q " $name "; then
		continue
	fi
	a="$LOGDIR/with-$name.json"
	b="$LOGDIR/without-$name.json"
	json "with" "$on" > "$a"
	json "without" "$off" > "$b"
	log="$LOGDIR/$name.txt"
	sprt=""
	[ "$SPRT" = none ] || sprt="-sprt $SPRT"
	# shellcheck disable=SC2086
	nice -n "$NICE" "$BIN" match -a "$a" -b "$b" -nodes "$NODES" -games "$GAMES" $sprt -seed "$SEED" \
		-openings "$OPENINGS" -concurrency "$CONC" > "$log" 2>&1 || { echo "search-elo: $name: match failed, see $log" >&2; continue; }
	head=$(grep -E '^with vs ' "$log" | tail -1)
	games=$(echo "$head" | sed -n 's/.*: \([0-9]*\) games.*/\1/p')
	wdl=$(echo "$head" | sed -n 's/.*, +\([0-9]*\) =\([0-9]*\) -\([0-9]*\).*/\1-\2-\3/p')
	elo=$(grep -E '^Pentanomial Elo:' "$log" | tail -1 | sed -n 's/^Pentanomial Elo: \([^(]*\) *(.*/\1/p' | sed 's/ *$//')
	penta=$(grep -E '^Pairs:' "$log" | tail -1 | sed -n 's/.*= \(\[.*\]\).*/\1/p')
	sprt=$(grep -E '^SPRT' "$log" | tail -1 | sed 's/.*bounds ([^)]*): //')
	llr=$(grep -E '^SPRT' "$log" | tail -1 | sed -n 's/.*LLR \([-0-9.]*\),.*/\1/p')
	echo "| $name (A: ${on:-default}; B: ${off:-default}) | $elo | $games | $wdl | $penta | ${sprt:-none}${llr:+ (LLR $llr)} |"
done
echo
echo "Conditions: $NODES nodes per move, $SCHEME default weights, openings $(basename "$OPENINGS") (seed $SEED), at most $GAMES games, both players also ${BASESET:-(nothing more)}, concurrency $CONC."
