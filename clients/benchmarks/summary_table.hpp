// The bench's summary tables: a title, column headings, rows of cells and
// notes, printed as aligned text on the console or, with --markdown, as
// Markdown blocks that clients/benchmarks/report.py puts into
// docs/performance.md (each between the markers of its id).
#pragma once

#include <string>
#include <vector>

namespace rocdist_bench
{

// printf into a string.
std::string format(const char* spec, ...) __attribute__((format(printf, 1, 2)));

// Cells: part / whole as a percentage, and a / b as a ratio ("1.23x"); "-"
// where the divisor is 0 (a benchmark that did not run).
std::string share(double part, double whole);
std::string ratio(double a, double b);

// a's cells followed by b's.
std::vector<std::string> joined(std::vector<std::string> a, const std::vector<std::string>& b);

void set_markdown_tables(bool markdown);

class summary_table
{
public:
    // id: the table's name for report.py ("uniform", "normal", ...), unique
    // in a run.
    summary_table(std::string id, std::string title, std::vector<std::string> headings);

    void row(std::vector<std::string> cells);
    // A line printed under the table (a peer's absence, a unit).
    void note(std::string line);
    void print() const;

private:
    std::string                           id_, title_;
    std::vector<std::string>              headings_;
    std::vector<std::vector<std::string>> rows_;
    std::vector<std::string>              notes_;
};

} // namespace rocdist_bench
