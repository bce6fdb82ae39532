package tuner

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// LogWriter writes per-generation records.
type LogWriter interface {
	Write(Record) error
}

// csvColumns are the CSV log's columns, in order.
var csvColumns = []string{"generation", "evaluations", "scored", "best", "mean", "worst", "diversity", "seconds",
	"train_matched", "train_total", "train_rate", "test_fitness", "test_matched", "test_total", "test_rate", "nodes",
	"train_loss", "test_loss", "valid_fitness", "valid_loss"}

type csvLog struct {
	w      *csv.Writer
	header bool
}

// NewCSVLog returns a LogWriter that writes a header line and one CSV line
// per record (flushed each time, so a killed run keeps its log).
func NewCSVLog(w io.Writer, header bool) LogWriter {
	return &csvLog{w: csv.NewWriter(w), header: header}
}

func (l *csvLog) Write(r Record) error {
	if l.header {
		l.header = false
		if err := l.w.Write(csvColumns); err != nil {
			return fmt.Errorf("tuner: csv log: %w", err)
		}
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	i := strconv.Itoa
	row := []string{i(r.Generation), i(r.Evaluations), i(r.Scored), f(r.Best), f(r.Mean), f(r.Worst), f(r.Diversity),
		strconv.FormatFloat(r.Seconds, 'f', 3, 64), i(r.TrainMatched), i(r.TrainTotal), f(r.TrainRate),
		f(r.TestFitness), i(r.TestMatched), i(r.TestTotal), f(r.TestRate), strconv.FormatInt(r.Nodes, 10),
		f(r.TrainLoss), f(r.TestLoss), f(r.ValidFitness), f(r.ValidLoss)}
	if err := l.w.Write(row); err != nil {
		return fmt.Errorf("tuner: csv log: %w", err)
	}
	l.w.Flush()
	if err := l.w.Error(); err != nil {
		return fmt.Errorf("tuner: csv log: %w", err)
	}
	return nil
}

type jsonlLog struct{ enc *json.Encoder }

// NewJSONLLog returns a LogWriter that writes one JSON object per line.
func NewJSONLLog(w io.Writer) LogWriter { return jsonlLog{enc: json.NewEncoder(w)} }

func (l jsonlLog) Write(r Record) error {
	if err := l.enc.Encode(r); err != nil {
		return fmt.Errorf("tuner: jsonl log: %w", err)
	}
	return nil
}
