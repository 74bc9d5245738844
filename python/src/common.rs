//! What every binding file shares: a Python error from a message, the
//! slot where a Python bot's exception waits for its caller, and the lock
//! taken only with the GIL released.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::{Arc, Mutex};

/// A `ValueError` saying `e`.
pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The error a Python bot raised, kept until the call that ran it returns.
pub(crate) type Raised = Arc<Mutex<Option<PyErr>>>;

/// `f` on `value`, locked while this thread does not hold the GIL: the
/// lock is taken after the GIL is released and given back before it is
/// taken again. So no thread ever holds the lock while it waits for the
/// GIL, and a thread that holds the GIL never waits for the lock: two
/// threads using one object (one stepping, one reading) cannot deadlock.
/// A panic that poisoned the lock left the value as it was; it is used.
pub(crate) fn locked<T: Send, R: Send>(
    py: Python<'_>,
    value: &Mutex<T>,
    f: impl FnOnce(&mut T) -> R + Send,
) -> R {
    py.detach(|| f(&mut value.lock().unwrap_or_else(|e| e.into_inner())))
}
