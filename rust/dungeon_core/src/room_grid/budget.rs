//! The work budget every room-grid loop spends from.

/// The work units left to one call. Every loop of a room-grid generator
/// spends from it, so a call ends after a bounded number of steps whatever
/// the settings (steps, not time, so results stay deterministic).
pub(crate) struct Budget {
    left: u64,
}

impl Budget {
    /// A budget of `left` steps.
    pub fn new(left: u64) -> Self {
        Self { left }
    }

    /// Spends `n` steps; `false` (and nothing left) when fewer remain.
    #[inline]
    pub fn spend(&mut self, n: u64) -> bool {
        match self.left.checked_sub(n) {
            Some(rest) => {
                self.left = rest;
                true
            }
            None => {
                self.left = 0;
                false
            }
        }
    }

    /// The steps left.
    #[inline]
    pub fn left(&self) -> u64 {
        self.left
    }

    /// Whether the budget is used up.
    #[inline]
    pub fn is_spent(&self) -> bool {
        self.left == 0
    }
}
