//! The engine's workers from the page: the client, the pool, and the order of their tasks.

pub mod engine_client;
pub mod engine_pool;
pub mod engine_status;
pub mod latest;
pub mod task_queue;
pub mod worker_js;
