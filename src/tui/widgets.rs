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
