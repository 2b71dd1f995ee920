//! What a lazily loaded wasm part gives when its code did not arrive (the release page's
//! `split` feature: `lazy_part`, `analysis::lower_panels`).

/// A part's code did not load.
pub struct Missing;

impl From<leptos::wasm_split::SplitLoaderError> for Missing {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        Missing
    }
}
