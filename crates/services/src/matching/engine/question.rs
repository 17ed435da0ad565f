//! A question's subject as a vector: embedded once, remembered, and awaited by everyone
//! asking the same new question meanwhile.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use super::Engine;

/// Question vectors kept at most.
const KEPT_QUESTIONS: usize = 2_048;

/// One new question's embedding, awaited by everyone asking it meanwhile.
pub(super) type QuestionTurn = tokio::sync::OnceCell<Option<Arc<Vec<f32>>>>;

/// Removes a question's turn from those in flight when an asker's wait ends, however it
/// ends: a turn left behind by a cancelled request would stay in the map for good.
struct TurnEnding<'a> {
    in_flight: &'a Mutex<HashMap<String, Arc<QuestionTurn>>>,
    key: &'a str,
    turn: &'a Arc<QuestionTurn>,
}

impl Drop for TurnEnding<'_> {
    fn drop(&mut self) {
        let mut in_flight = self.in_flight.lock().unwrap_or_else(|p| p.into_inner());
        if in_flight.get(self.key).is_some_and(|current| Arc::ptr_eq(current, self.turn)) {
            in_flight.remove(self.key);
        }
    }
}

impl Engine {
    /// The vector of a question's subject: embedded once, then remembered. Members asking
    /// the same new question at once wait for its one embedding; different new questions
    /// are embedded side by side (the provider decides how many run at once).
    pub(super) async fn question_vector(&self, text: &str) -> Option<Arc<Vec<f32>>> {
        let embedder = self.embedder.as_ref()?;
        let key = text.trim().to_lowercase();
        if let Some(v) = self.questions.lock().unwrap_or_else(|p| p.into_inner()).get(&key).cloned() {
            return Some(v);
        }
        let turn =
            self.questions_in_flight.lock().unwrap_or_else(|p| p.into_inner()).entry(key.clone()).or_default().clone();
        // Ends the turn when this asker is done, or dropped (a member who left mid-question).
        let _ending = TurnEnding { in_flight: &self.questions_in_flight, key: &key, turn: &turn };
        let vector = turn
            .get_or_init(|| async {
                // Kept by an asker whose turn ended between the first look and this one.
                if let Some(v) = self.questions.lock().unwrap_or_else(|p| p.into_inner()).get(&key).cloned() {
                    return Some(v);
                }
                let v = match embedder.embed(std::slice::from_ref(&key)).await {
                    Ok(mut vectors) if !vectors.is_empty() => Arc::new(vectors.swap_remove(0)),
                    Ok(_) => return None,
                    Err(err) => {
                        tracing::warn!(error = %err, "embedding a question failed; answering on words");
                        return None;
                    }
                };
                let mut kept = self.questions.lock().unwrap_or_else(|p| p.into_inner());
                if kept.len() >= KEPT_QUESTIONS {
                    kept.clear();
                }
                kept.insert(key.clone(), v.clone());
                Some(v)
            })
            .await
            .clone();
        vector
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
        assert!(engine.questions_in_flight.lock().unwrap().is_empty(), "no turn is left behind");
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
        assert_eq!(engine.questions_in_flight.lock().unwrap().len(), 1, "the question is in flight");
        asking.abort();
        assert!(asking.await.unwrap_err().is_cancelled());
        assert!(engine.questions_in_flight.lock().unwrap().is_empty(), "the cancelled asker's turn ended");
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
