//! Loading the files a user picks or drops, one after the other, with progress and cancel.

use leptos::prelude::*;

use super::file_loader::read_file;
use super::state::Inputs;

/// Loads `files` into the inputs: the first replaces the built-in example when only that is
/// shown (with an undo), the others add series.
pub fn load_files(inputs: Inputs, files: Vec<web_sys::File>) {
    if files.is_empty() {
        return;
    }
    inputs.cancel.set(false);
    inputs.load_message.set(None);
    let format = inputs.format.get_untracked();
    leptos::task::spawn_local(async move {
        let count = files.len();
        for (i, file) in files.into_iter().enumerate() {
            let result = read_file(
                file,
                format,
                count - i - 1,
                |p| inputs.load.set(Some(p)),
                || inputs.cancel.get_untracked(),
            )
            .await;
            match result {
                Ok(read) => inputs.add_file(read),
                Err(e) => {
                    inputs.load_message.set(Some(if e == "cancelled" {
                        "Loading cancelled; files read before it are kept.".to_string()
                    } else {
                        e
                    }));
                    break;
                }
            }
        }
        inputs.load.set(None);
    });
}

/// The files of a `FileList` (a file input's or a drop's).
pub fn file_list(list: Option<web_sys::FileList>) -> Vec<web_sys::File> {
    let Some(list) = list else {
        return Vec::new();
    };
    (0..list.length()).filter_map(|i| list.get(i)).collect()
}
