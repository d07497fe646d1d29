//! Drawing pieces shared by every screen: rectangle arithmetic that never leaves the frame,
//! text measured and wrapped in terminal cells, the common frame (top bar and key hints), the
//! help overlay, the confirm dialog and the too-small notice. Game screens draw their cards and
//! tables with their own widgets on top of these.

pub mod big_cards;
pub mod bj_cards;
pub mod cards;
pub mod confirm;
pub mod frame;
pub mod help;
pub mod layout;
pub mod list;
pub mod text;
pub mod too_small;

/// What the card widgets' unit tests share: a default context and a test terminal read back as
/// text.
#[cfg(test)]
pub(crate) mod test_support {
    use crate::config::Config;
    use crate::tui::Options;
    use crate::tui::ctx::Ctx;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    /// A context for the default configuration.
    pub fn ctx() -> Ctx {
        Ctx::new(Config::default(), &Options::default(), |_| None)
    }

    /// Each row of the test terminal's buffer as a string (one symbol a cell).
    pub fn text(t: &Terminal<TestBackend>) -> Vec<String> {
        let b = t.backend().buffer();
        (0..b.area.height)
            .map(|y| (0..b.area.width).map(|x| b[(x, y)].symbol()).collect())
            .collect()
    }
}
