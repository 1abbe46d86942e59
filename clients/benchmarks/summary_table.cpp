#include "summary_table.hpp"

#include <algorithm>
#include <cstdarg>
#include <cstdio>

namespace rocdist_bench
{
namespace
{

bool markdown_tables = false;

// The console's columns: the first left-aligned, the others right-aligned,
// each as wide as its widest cell.
void print_aligned(const std::vector<std::string>& cells, const std::vector<std::size_t>& widths)
{
    std::string line;
    for(std::size_t c = 0; c < widths.size(); ++c)
    {
        const std::string cell = c < cells.size() ? cells[c] : "";
        const std::string pad(widths[c] - std::min(widths[c], cell.size()), ' ');
        line += (c == 0 ? "" : "  ") + (c == 0 ? cell + pad : pad + cell);
    }
    line.erase(line.find_last_not_of(' ') + 1);
    std::printf("%s\n", line.c_str());
}

void print_markdown_row(const std::vector<std::string>& cells, std::size_t columns)
{
    std::string line = "|";
    for(std::size_t c = 0; c < columns; ++c)
        line += " " + (c < cells.size() ? cells[c] : "") + " |";
    std::printf("%s\n", line.c_str());
}

} // namespace

std::string format(const char* spec, ...)
{
    va_list args, copy;
    va_start(args, spec);
    va_copy(copy, args);
    const int size = std::vsnprintf(nullptr, 0, spec, copy);
    va_end(copy);
    std::string out(size > 0 ? static_cast<std::size_t>(size) : 0, '\0');
    std::vsnprintf(out.data(), out.size() + 1, spec, args);
    va_end(args);
    return out;
}

std::string share(double part, double whole) { return whole > 0 ? format("%.1f%%", 100 * part / whole) : "-"; }

std::string ratio(double a, double b) { return b > 0 ? format("%.2fx", a / b) : "-"; }

std::vector<std::string> joined(std::vector<std::string> a, const std::vector<std::string>& b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

void set_markdown_tables(bool markdown) { markdown_tables = markdown; }

summary_table::summary_table(std::string id, std::string title, std::vector<std::string> headings)
    : id_(std::move(id)), title_(std::move(title)), headings_(std::move(headings))
{
}

void summary_table::row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }

void summary_table::note(std::string line) { notes_.push_back(std::move(line)); }

void summary_table::print() const
{
    if(markdown_tables)
    {
        std::printf("\n<!-- bench-table %s -->\n%s\n\n", id_.c_str(), title_.c_str());
        print_markdown_row(headings_, headings_.size());
        print_markdown_row(std::vector<std::string>(headings_.size(), "---"), headings_.size());
        for(const auto& r : rows_)
            print_markdown_row(r, headings_.size());
        if(!notes_.empty())
            std::printf("\n");
        for(const auto& n : notes_)
            std::printf("%s\n", n.c_str());
        std::printf("<!-- /bench-table -->\n");
        return;
    }
    std::vector<std::size_t> widths(headings_.size());
    for(std::size_t c = 0; c < headings_.size(); ++c)
    {
        widths[c] = headings_[c].size();
        for(const auto& r : rows_)
            if(c < r.size())
                widths[c] = std::max(widths[c], r[c].size());
    }
    std::printf("\n%s\n", title_.c_str());
    print_aligned(headings_, widths);
    for(const auto& r : rows_)
        print_aligned(r, widths);
    for(const auto& n : notes_)
        std::printf("%s\n", n.c_str());
}

} // namespace rocdist_bench
