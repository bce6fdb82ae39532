//go:build js && wasm

package main

import (
	"math"

	"github.com/evochess/evochess/ui/chart"
)

// Chart is a live SVG line chart (one per metric). Geometry comes from
// ui/chart.Layout; this component only prints it.
type Chart struct {
	Series []chart.Series
	XMax   float64 // fixed right end of the x axis (planned generations), 0 = follow data
	Floor  bool    // include 0 on the y axis
	Unit   string  // y-axis title
	TestID string
	App    *App
	plot   chart.Plot
}

// BeforeBuild lays the chart out for this render.
func (c *Chart) BeforeBuild() {
	floor := math.NaN()
	if c.Floor {
		floor = 0
	}
	w := chartWidth(c.App.VW)
	c.plot = chart.Layout(c.Series, float64(w), 200, 0, c.XMax, floor)
}

// chartWidth is the width of a chart's viewBox for a viewport vw pixels
// wide: 640 on a desktop; on a phone about the width it is shown at, so that
// its labels keep their size instead of shrinking with the drawing.
func chartWidth(vw int) int {
	if vw <= 0 || vw >= 720 {
		return 640
	}
	return max(280, (vw-40)/20*20)
}

// SVG is the chart as one SVG string (one innerHTML write per render).
func (c *Chart) SVG() string {
	return (chart.SVG(c.plot, c.Unit, "Start a run: one point per generation appears here."))
}
