//! Making CPUs from levels and the table configuration (`cpu_level`, `cpu_think_ms`).

use super::{Budget, CpuPlayer, EasyCpu, HardCpu, NormalCpu};
use crate::config::Config;
use crate::daifugo::rules::CpuLevel;
use std::time::Duration;

/// A CPU of `level`; a `hard` one thinks within `budget`.
pub fn cpu_with_budget(level: CpuLevel, budget: Budget) -> Box<dyn CpuPlayer + Send> {
    match level {
        CpuLevel::Easy => Box::new(EasyCpu),
        CpuLevel::Normal => Box::new(NormalCpu),
        CpuLevel::Hard => Box::new(HardCpu::new(budget)),
    }
}

/// The level of each seat at the configured table: seat 0 is the human (`None`), seats
/// 1..=cpus follow `cpu_level` (one level for all, or one per CPU seat).
pub fn table_levels(config: &Config) -> Vec<Option<CpuLevel>> {
    let cpus = usize::from(config.daifugo_table.cpus);
    std::iter::once(None)
        .chain((0..cpus).map(|i| Some(config.daifugo_table.cpu_level.level(i))))
        .collect()
}

/// The `hard` budget the configuration asks for (`cpu_think_ms`).
pub fn config_budget(config: &Config) -> Budget {
    Budget::Time(Duration::from_millis(u64::from(
        config.daifugo_table.cpu_think_ms,
    )))
}

/// The CPUs of the configured table, by seat: `None` for the human's seat 0, then one CPU
/// per `cpu_level` entry, `hard` ones thinking `cpu_think_ms`.
pub fn table_cpus(config: &Config) -> Vec<Option<Box<dyn CpuPlayer + Send>>> {
    let budget = config_budget(config);
    table_levels(config)
        .into_iter()
        .map(|l| l.map(|l| cpu_with_budget(l, budget)))
        .collect()
}
