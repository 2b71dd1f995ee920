//! The files a command reads: each streamed in chunks (or taken from memory: bytes or a
//! table the Python package holds), refused as the page refuses it when it holds nothing,
//! its rejected rows said on stderr as `file:line: reason`, the error policy applied.

use std::io::Read;

use passk_app::page::loaded::Loaded;
use passk_core::data::Dataset;
use passk_core::data::Rejected;
use passk_core::data::{self, ErrorCounts};
use passk_io::read::{read_table, refusal, series_name_for, FileRead, Format, ReadOptions, Reader};

use crate::args::Args;
use crate::capture::{self, print_err, Held};

/// Reads the files (streamed in chunks, so memory follows the tasks, not the bytes), prints
/// every rejected row to stderr as `file:line: reason`, and applies the error policy.
pub(crate) fn read_files(args: &Args) -> Result<ReadFiles, String> {
    read_with_errors(args).map(|r| r.0)
}

/// [`read_files`], also returning what the error policy changed in each series.
pub(crate) fn read_with_errors(
    args: &Args,
) -> Result<(ReadFiles, Vec<Option<ErrorCounts>>), String> {
    let mut ws = Loaded::new(read_all(&args.files, args.format, &args.read)?);
    if args.by_group {
        ws = ws.broken_down();
    }
    let (datasets, rejected) = (ws.datasets, ws.rejected);
    let any_rejected = print_rejected(&rejected);
    let policy = args.opts.errors;
    let errors = data::summarise_all(&datasets, policy);
    let datasets = data::apply_all(&datasets, policy);
    Ok(((datasets, rejected, any_rejected), errors))
}

/// Prints every rejected row to stderr as `file:line: reason`; whether there was any.
pub(crate) fn print_rejected(rejected: &[Vec<Rejected>]) -> bool {
    for r in rejected.iter().flatten() {
        print_err(&r.located());
    }
    rejected.iter().any(|r| !r.is_empty())
}

/// Reads each file as one input.
pub(crate) fn read_all(
    files: &[String],
    format: Option<Format>,
    options: &ReadOptions,
) -> Result<Vec<FileRead>, String> {
    let mut reads = Vec::new();
    for path in files {
        let shown = if path == "-" {
            "stdin".to_string()
        } else {
            path.clone()
        };
        let read = match capture::held(path) {
            Some(Held::Table(columns)) => {
                read_table(&shown, &series_name_for(path), &columns, options.clone())
            }
            Some(Held::Bytes(bytes)) => read_stream(&shown, path, format, options, &bytes[..])?,
            None if path == "-" => read_stream(&shown, path, format, options, std::io::stdin())?,
            None => {
                let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
                read_stream(&shown, path, format, options, file)?
            }
        };
        // A file with nothing to read is refused, as the page refuses it, the reason first.
        if let Some(why) = refusal(&read) {
            return Err(why);
        }
        for note in &read.notes {
            print_err(&format!("{shown}: {note}"));
        }
        reads.push(read);
    }
    Ok(reads)
}

/// Reads `input` (the file argument `path`, shown as `shown`) in chunks of a megabyte.
fn read_stream(
    shown: &str,
    path: &str,
    format: Option<Format>,
    options: &ReadOptions,
    mut input: impl Read,
) -> Result<FileRead, String> {
    let reader = Reader::new(shown, &series_name_for(path), format).with_options(options.clone());
    // Parquet where the decoder is built in (not in the JavaScript module).
    #[cfg(feature = "parquet")]
    let reader = reader.with_parquet();
    let mut reader = reader;
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let got = input.read(&mut buf).map_err(|e| format!("{shown}: {e}"))?;
        if got == 0 {
            break;
        }
        reader.feed(&buf[..got]);
    }
    Ok(reader.finish())
}

/// The series read, the rejected rows of each file, and whether there was any.
pub(crate) type ReadFiles = (Vec<Dataset>, Vec<Vec<Rejected>>, bool);
