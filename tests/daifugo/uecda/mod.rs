//! UECda protocol 20070 (`cardroom uecda serve` / `connect`, `uecda.md`): byte-level golden
//! encodings, whole runs against a table in a thread (test clients written here, cardroom CPUs,
//! cardroom's own client), and faulty clients. Every run's record must replay.

mod client_view;
mod faults;
mod golden;
mod runs;
mod support;
mod view_vs_engine;
