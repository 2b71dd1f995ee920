//! The engine's workers from the page: the client, the pool, and the order of their tasks.

pub mod client;
pub mod latest;
pub mod pool;
pub mod status;
pub mod task_queue;
pub mod worker_js;
