#!/bin/sh
# search-elo.sh: the Elo of each technique of engine/search's modern group,
# measured as the default search against the default search with that
# technique switched off, at a fixed node count per move (deterministic and
# independent of machine load), on the shared UHO openings (each opening
# played with both colours), stopped early by an SPRT. One markdown table row
# per technique on stdout; every match's full output in $LOGDIR.
#
#   scripts/search-elo.sh [TECHNIQUE ...]        (make search-elo)
#
# Environment (defaults in brackets): BIN [bin/evochess], NODES [20000],
# GAMES [600, the most games per technique], SPRT [0,10], CONC [2],
# OPENINGS [../shared/data/openings/UHO_4060_v4_1500.epd], SCHEME
# [phoenix640: the phoenix-default evaluation], LOGDIR [search-elo-logs],
# NICE [10].
set -eu
BIN=${BIN:-bin/evochess}
NODES=${NODES:-20000}
GAMES=${GAMES:-600}
SPRT=${SPRT:-0,10}
CONC=${CONC:-2}
OPENINGS=${OPENINGS:-../shared/data/openings/UHO_4060_v4_1500.epd}
SCHEME=${SCHEME:-phoenix640}
LOGDIR=${LOGDIR:-search-elo-logs}
NICE=${NICE:-10}

# technique name | the parameters that switch it off (Name=Value,...)
techniques() {
	cat <<'LIST'
all-modern|LMRUse=0,LMPUse=0,SEEPruneUse=0,IIRUse=0,SingularUse=0,ImprovingUse=0,RFPUse=0,FutilityImproving=0,ContHist=0,CaptureHist=0,HistoryBonusMul=0,HistoryPruneDepth=0
lmr|LMRUse=0
lmp|LMPUse=0
see-pruning|SEEPruneUse=0
rfp|RFPUse=0
singular|SingularUse=0
iir|IIRUse=0
improving|ImprovingUse=0,FutilityImproving=0
cont-history|ContHist=0
cont-history-4|ContHist=1
capture-history|CaptureHist=0
history-pruning|HistoryPruneDepth=0
history-bonus|HistoryBonusMul=0
LIST
}

[ -x "$BIN" ] || { echo "search-elo: $BIN not built (make native)" >&2; exit 1; }
mkdir -p "$LOGDIR"
want="$*"
echo "| technique (off in B) | Elo of the technique ± 95% | games | W-D-L (default) | pentanomial [LL LD DD+WL WD WW] | SPRT [$SPRT] |"
echo "|---|---|---|---|---|---|"
techniques | while IFS='|' read -r name off; do
	if [ -n "$want" ] && ! echo " $want " | grep -q " $name "; then
		continue
	fi
	a="$LOGDIR/default.json"
	b="$LOGDIR/no-$name.json"
	printf '{"version":1,"name":"default","scheme":"%s"}\n' "$SCHEME" > "$a"
	search=$(echo "$off" | sed 's/\([A-Za-z0-9]*\)=\([0-9]*\)/"\1":\2/g')
	printf '{"version":1,"name":"no-%s","scheme":"%s","search":{%s}}\n' "$name" "$SCHEME" "$search" > "$b"
	log="$LOGDIR/$name.txt"
	nice -n "$NICE" "$BIN" match -a "$a" -b "$b" -nodes "$NODES" -games "$GAMES" -sprt "$SPRT" \
		-openings "$OPENINGS" -concurrency "$CONC" > "$log" 2>&1 || { echo "search-elo: $name: match failed, see $log" >&2; continue; }
	head=$(grep -E '^default vs ' "$log" | tail -1)
	games=$(echo "$head" | sed -n 's/.*: \([0-9]*\) games.*/\1/p')
	wdl=$(echo "$head" | sed -n 's/.*, +\([0-9]*\) =\([0-9]*\) -\([0-9]*\).*/\1-\2-\3/p')
	elo=$(grep -E '^Pentanomial Elo:' "$log" | tail -1 | sed -n 's/^Pentanomial Elo: \([^(]*\) *(.*/\1/p' | sed 's/ *$//')
	penta=$(grep -E '^Pairs:' "$log" | tail -1 | sed -n 's/.*= \(\[.*\]\).*/\1/p')
	sprt=$(grep -E '^SPRT' "$log" | tail -1 | sed 's/.*bounds ([^)]*): //')
	llr=$(grep -E '^SPRT' "$log" | tail -1 | sed -n 's/.*LLR \([-0-9.]*\),.*/\1/p')
	echo "| $name ($off) | $elo | $games | $wdl | $penta | $sprt (LLR $llr) |"
done
echo
echo "Conditions: $NODES nodes per move, $SCHEME default weights, openings $(basename "$OPENINGS"), at most $GAMES games, concurrency $CONC."
