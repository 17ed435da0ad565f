//! A question's subject as a vector: embedded once, remembered, and awaited by everyone
//! asking the same new question meanwhile.

use std::sync::Arc;

use super::Engine;
use crate::turns::Taken;

/// Question vectors kept at most.
const KEPT_QUESTIONS: usize = 2_048;

/// A question's embedding as handed to those asking it meanwhile (`None`: it failed).
pub(super) type QuestionOutcome = Option<Arc<Vec<f32>>>;

impl Engine {
    /// The vector of a question's subject: embedded once, then remembered. Members asking
    /// the same new question at once wait for its one embedding and get its outcome, a failure
    /// included; different new questions are embedded side by side (the provider decides how
    /// many run at once). A member who leaves mid-question hands the turn to the next asker.
    pub(super) async fn question_vector(&self, text: &str) -> QuestionOutcome {
        let embedder = self.embedder.as_ref()?;
        let key = text.trim().to_lowercase();
        if let Some(v) = self.kept_question(&key) {
            return Some(v);
        }
        let turn = match self.question_turns.take_or_handed_on(key.clone()).await {
            Taken::HandedOn(outcome) => return outcome,
            Taken::Turn(turn) => turn,
        };
        // Kept by an asker whose turn ended between the first look and this one.
        if let Some(v) = self.kept_question(&key) {
            return Some(v);
        }
        let outcome = match embedder.embed(std::slice::from_ref(&key)).await {
            Ok(mut vectors) if !vectors.is_empty() => Some(Arc::new(vectors.swap_remove(0))),
            Ok(_) => None,
            Err(err) => {
                tracing::warn!(error = %err, "embedding a question failed; answering on words");
                None
            }
        };
        if let Some(v) = &outcome {
            let mut kept = self.questions.lock().unwrap_or_else(|p| p.into_inner());
            if kept.len() >= KEPT_QUESTIONS {
                kept.clear();
            }
            kept.insert(key, v.clone());
        }
        turn.hand_on(outcome.clone());
        outcome
    }

    fn kept_question(&self, key: &str) -> QuestionOutcome {
        self.questions.lock().unwrap_or_else(|p| p.into_inner()).get(key).cloned()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::matching::embedder::Embedder;

    /// A model that counts its calls and takes a moment over each.
    #[derive(Default)]
    struct CountingModel {
        calls: std::sync::atomic::AtomicUsize,
        running: std::sync::atomic::AtomicUsize,
        most_at_once: std::sync::atomic::AtomicUsize,
    }

    #[async_trait::async_trait]
    impl Embedder for CountingModel {
        fn model_id(&self) -> &str {
            "counting"
        }
        fn dimensions(&self) -> usize {
            2
        }
        async fn embed(&self, texts: &[String]) -> Result<Vec<Vec<f32>>, crate::matching::embedder::EmbedError> {
            use std::sync::atomic::Ordering::SeqCst;
            self.calls.fetch_add(1, SeqCst);
            let running = self.running.fetch_add(1, SeqCst) + 1;
            self.most_at_once.fetch_max(running, SeqCst);
            tokio::time::sleep(Duration::from_millis(20)).await;
            self.running.fetch_sub(1, SeqCst);
            Ok(texts.iter().map(|_| vec![1.0, 0.0]).collect())
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn members_asking_one_new_question_at_once_embed_it_once() {
        let model = Arc::new(CountingModel::default());
        let engine = Arc::new(Engine::new(Some(model.clone())));
        let asks: Vec<_> = (0..16)
            .map(|n| {
                let engine = engine.clone();
                let text = if n % 2 == 0 { "Which circles teach SQL?" } else { " which circles teach sql? " };
                tokio::spawn(async move { engine.question_vector(text).await })
            })
            .collect();
        for ask in asks {
            assert_eq!(ask.await.unwrap().as_deref(), Some(&vec![1.0, 0.0]));
        }
        assert_eq!(model.calls.load(std::sync::atomic::Ordering::SeqCst), 1, "one embedding for one question");
        engine.question_vector("Another question").await.unwrap();
        assert_eq!(model.calls.load(std::sync::atomic::Ordering::SeqCst), 2);
        assert_eq!(engine.question_turns.in_flight(), 0, "no turn is left behind");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_question_whose_asker_left_leaves_no_turn_behind() {
        let model = Arc::new(CountingModel::default());
        let engine = Arc::new(Engine::new(Some(model.clone())));
        let asking = {
            let engine = engine.clone();
            tokio::spawn(async move { engine.question_vector("Which circles teach SQL?").await })
        };
        while model.calls.load(std::sync::atomic::Ordering::SeqCst) == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        assert_eq!(engine.question_turns.in_flight(), 1, "the question is in flight");
        asking.abort();
        assert!(asking.await.unwrap_err().is_cancelled());
        assert_eq!(engine.question_turns.in_flight(), 0, "the cancelled asker's turn ended");
        // The next asker embeds it.
        assert!(engine.question_vector("Which circles teach SQL?").await.is_some());
        assert_eq!(model.calls.load(std::sync::atomic::Ordering::SeqCst), 2);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn different_new_questions_are_embedded_side_by_side() {
        let model = Arc::new(CountingModel::default());
        let engine = Arc::new(Engine::new(Some(model.clone())));
        let asks: Vec<_> = ["Which circles teach SQL?", "Who mentors product managers?"]
            .into_iter()
            .map(|text| {
                let engine = engine.clone();
                tokio::spawn(async move { engine.question_vector(text).await })
            })
            .collect();
        for ask in asks {
            assert!(ask.await.unwrap().is_some());
        }
        use std::sync::atomic::Ordering::SeqCst;
        assert_eq!(model.calls.load(SeqCst), 2);
        assert_eq!(model.most_at_once.load(SeqCst), 2, "one question does not wait for another");
    }
}
