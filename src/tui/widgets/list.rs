//! A scrolling list: which rows of a long list show in a window of a given height so that the
//! selected row stays visible, and a "more above / more below" hint. Stateless: the window is
//! worked out from the selection each time, so it never needs storing.

/// The first row to show of `total` rows in a window `height` rows tall, keeping `selected`
/// visible and, where the list allows, a third of the window above it.
pub fn window_start(selected: usize, total: usize, height: usize) -> usize {
    if height == 0 || total <= height {
        return 0;
    }
    let want = selected.saturating_sub(height / 3);
    want.min(total - height)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_selection_always_shows() {
        for total in 0..40 {
            for height in 1..12 {
                for sel in 0..total {
                    let s = window_start(sel, total, height);
                    assert!(s <= sel && sel < s + height, "{total} {height} {sel}");
                    assert!(s + height.min(total) <= total);
                }
            }
        }
    }

    #[test]
    fn short_lists_do_not_scroll() {
        assert_eq!(window_start(4, 5, 5), 0);
        assert_eq!(window_start(9, 10, 4), 6);
        assert_eq!(window_start(0, 10, 0), 0);
    }
}
