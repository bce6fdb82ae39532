package strength

// calibration maps skill to Elo on Stockfish 15.1's UCI_Elo scale at 100 ms
// per move (see doc.go); Elo increases with skill. Written by
// `evochess calibrate -go`; placeholder until the first run.
var calibration = []calPoint{
	{0, 800},
	{1, 2000},
}
