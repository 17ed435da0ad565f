//! CSV files for spreadsheets, written by the `csv` crate (RFC 4180 quoting, CRLF line ends).
//!
//! Cells a spreadsheet would run as a formula (first character `=`, `+`, `-`, `@`, tab or
//! carriage return) get a leading `'`, so a member who names themselves
//! `=HYPERLINK(…)` shows as text in the administrator's spreadsheet (CSV injection).

/// A CSV document of rows with `N` cells each; the width is fixed by the type, so a row can
/// never be short or long.
pub struct CsvExport<const N: usize> {
    writer: csv::Writer<Vec<u8>>,
}

impl<const N: usize> CsvExport<N> {
    /// A document whose first row is `header`.
    pub fn new(header: [&str; N]) -> Self {
        let mut export =
            CsvExport { writer: csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new()) };
        export.row(header);
        export
    }

    pub fn row(&mut self, cells: [&str; N]) {
        self.writer
            .write_record(cells.map(guard_formula).iter().map(|cell| cell.as_bytes()))
            .expect("writing equal-width records to memory cannot fail");
    }

    pub fn finish(self) -> String {
        let bytes = self.writer.into_inner().expect("flushing to memory cannot fail");
        String::from_utf8(bytes).expect("the cells were UTF-8")
    }
}

/// The byte order mark that tells spreadsheets (Excel above all) the file is UTF-8.
pub const UTF8_BOM: char = '\u{feff}';

/// A CSV document whose width is known only at run time (one column per question, say):
/// every row is made as wide as the header (missing cells blank, extra ones dropped). It
/// starts with [`UTF8_BOM`], so names in any script open correctly in a spreadsheet.
pub struct CsvTable {
    width: usize,
    writer: csv::Writer<Vec<u8>>,
}

impl CsvTable {
    pub fn new(header: &[String]) -> Self {
        let writer = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new());
        let mut table = CsvTable { width: header.len(), writer };
        table.row(header);
        table
    }

    pub fn row(&mut self, cells: &[String]) {
        let cells: Vec<std::borrow::Cow<'_, str>> =
            (0..self.width).map(|i| cells.get(i).map(|c| guard_formula(c)).unwrap_or_default()).collect();
        self.writer
            .write_record(cells.iter().map(|cell| cell.as_bytes()))
            .expect("writing equal-width records to memory cannot fail");
    }

    pub fn finish(self) -> String {
        let bytes = self.writer.into_inner().expect("flushing to memory cannot fail");
        let text = String::from_utf8(bytes).expect("the cells were UTF-8");
        format!("{UTF8_BOM}{text}")
    }
}

/// `value`, with a leading `'` when a spreadsheet would read it as a formula.
pub fn guard_formula(value: &str) -> std::borrow::Cow<'_, str> {
    if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{value}").into()
    } else {
        value.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_cell(value: &str) -> String {
        let mut export = CsvExport::new(["h"]);
        export.row([value]);
        export.finish().strip_prefix("h\r\n").unwrap().strip_suffix("\r\n").unwrap().to_string()
    }

    #[test]
    fn a_table_starts_with_the_bom_guards_formulas_and_keeps_its_width() {
        let mut table = CsvTable::new(&["name".into(), "answer".into()]);
        table.row(&["=cmd()".into()]);
        table.row(&["Zoë".into(), "+1".into(), "dropped".into()]);
        assert_eq!(table.finish(), "\u{feff}name,answer\r\n'=cmd(),\r\nZoë,'+1\r\n");
    }

    #[test]
    fn cells_are_quoted_only_when_needed() {
        assert_eq!(one_cell("plain"), "plain");
        assert_eq!(one_cell("a,b"), "\"a,b\"");
        assert_eq!(one_cell("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(one_cell("b\nc"), "\"b\nc\"");
        assert_eq!(one_cell("Zoë 北京"), "Zoë 北京");
    }

    #[test]
    fn formulas_are_guarded() {
        assert_eq!(one_cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(one_cell("+1"), "'+1");
        assert_eq!(one_cell("-2"), "'-2");
        assert_eq!(one_cell("@SUM"), "'@SUM");
        assert_eq!(one_cell("\tx"), "'\tx");
        assert_eq!(one_cell("\rx"), "\"'\rx\"");
        assert_eq!(one_cell("a=b"), "a=b");
    }

    #[test]
    fn rows_end_with_crlf_and_empty_cells_stay_empty() {
        let mut export = CsvExport::new(["a", "b", "c"]);
        export.row(["1", "", "x y"]);
        assert_eq!(export.finish(), "a,b,c\r\n1,,x y\r\n");
    }
}
