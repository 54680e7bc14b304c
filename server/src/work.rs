//! Heavy work off the async threads: a table's build, or an answer with
//! thousands of moves or points, runs on tokio's blocking pool, at most so
//! many at once, so that the threads that read and write connections stay
//! free for the small answers.

use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::error::ApiError;

/// The most tables built at once: each may take seconds and much memory,
/// and two keep both cores of a small machine busy.
pub(crate) const BUILDS_AT_ONCE: usize = 2;

/// The most heavy answers computed at once, besides the builds: each takes
/// a millisecond or a few. Twice the cores: as many only, the heavy answers
/// queue behind each other while the async threads, busy with the small
/// answers, share the same cores; with twice as many they get their share
/// of the cores, and the slowest answers of a busy server come in half the
/// time (BENCHMARKS.md, "The web explorer").
pub(crate) fn answers_at_once() -> usize {
    std::thread::available_parallelism().map_or(4, |n| n.get().saturating_mul(2).clamp(4, 16))
}

/// A bound on the heavy work running at once.
#[derive(Clone, Debug)]
pub(crate) struct Work {
    permits: Arc<Semaphore>,
}

impl Work {
    /// At most `at_once` jobs at once.
    pub(crate) fn new(at_once: usize) -> Work {
        Work {
            permits: Arc::new(Semaphore::new(at_once.max(1))),
        }
    }

    /// `job`'s result, computed on a blocking thread once one of the
    /// permits is free; waiting for it, the request waits asynchronously.
    /// A request that stops waiting (its timeout) leaves the job to finish,
    /// and its permit is given back only then.
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let permit = Arc::clone(&self.permits)
            .acquire_owned()
            .await
            .map_err(|e| ApiError::Internal(format!("no permit for the work: {e}")))?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job()
        })
        .await
        .map_err(|e| ApiError::Internal(format!("a computation failed: {e}")))?
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn twice_the_cores_of_heavy_answers_run_at_once_within_bounds() {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        assert_eq!(answers_at_once(), (2 * cores).clamp(4, 16));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_jobs_run_at_once_than_the_bound() {
        let work = Work::new(2);
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs: Vec<_> = (0..12)
            .map(|_| {
                let (work, running, most) = (work.clone(), running.clone(), most.clone());
                tokio::spawn(async move {
                    work.run(move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(20));
                        running.fetch_sub(1, Ordering::SeqCst);
                        Ok(())
                    })
                    .await
                })
            })
            .collect();
        for job in jobs {
            job.await.unwrap().unwrap();
        }
        // Twelve jobs of 20 ms on two permits: two at once, never three.
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }
}
