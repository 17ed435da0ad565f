//! Real-time fan-out of events to the sockets of people (spec 000 §7 "Real-time"; issue 16):
//! a chat message to the members of its room, a notification to the person told.
//!
//! [`Realtime`] has two implementations:
//! - [`LocalHub`] (default): one bounded `tokio::sync::broadcast` channel per connected
//!   person, in this process. A socket holds only a receiver; a slow socket loses the oldest
//!   events (it can read them back over HTTP) rather than growing without bound.
//! - [`RedisHub`] (`WAYPOINT_REDIS_URL`): every instance publishes to one Redis pub/sub
//!   channel and delivers what it receives from it to its own sockets through a
//!   [`LocalHub`], so people connected to different instances reach each other.
//!
//! A group post is addressed to the group ([`Realtime::publish_to_group`]): a socket listens
//! to its person's accepted groups ([`Realtime::listen_to_groups`]) and each instance hands
//! the event to its own listeners, so telling a group costs its connected members, not all.
//!
//! Events are addressed to people of one site (tenant id, user ids: a person is global, and
//! a socket opened on one site receives that site's events only) and carried as ready-made
//! JSON text: the sender's instance serialises once, whatever the number of receivers.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

/// Events kept for a person while their sockets are slow to read them.
pub const PER_USER_BUFFER: usize = 64;
/// The Redis channel every instance shares.
pub const REDIS_CHANNEL: &str = "waypoint:events";

/// An event as sent on the socket (JSON text).
pub type Payload = Arc<str>;

#[async_trait]
pub trait Realtime: Send + Sync {
    /// Delivers `payload` to every socket of each of `user_ids` on the tenant's site, on
    /// every instance. Call it after the change the event reports is committed.
    async fn publish(&self, tenant_id: i64, user_ids: &[i64], payload: Payload);
    /// A receiver of the events addressed to `user_id` on the tenant's site from now on.
    fn subscribe(&self, tenant_id: i64, user_id: i64) -> broadcast::Receiver<Payload>;
    /// Delivers `payload` to the receivers of the people listening to the group, on every
    /// instance.
    async fn publish_to_group(&self, tenant_id: i64, group_id: i64, payload: Payload);
    /// Makes the person's receiver on the tenant's site hear the events of the groups until
    /// the answer is dropped.
    fn listen_to_groups(&self, tenant_id: i64, user_id: i64, group_ids: Vec<i64>) -> GroupListening;
    /// "local" or "redis", for the start-up log.
    fn name(&self) -> &'static str;
}

/// The sockets' channels by (tenant, user).
type Channels = HashMap<(i64, i64), broadcast::Sender<Payload>>;
/// The people listening to each group, by (tenant, group), with their number of sockets.
type Listeners = HashMap<(i64, i64), HashMap<i64, usize>>;

/// In-process fan-out: a bounded broadcast channel per connected person.
#[derive(Default, Clone)]
pub struct LocalHub {
    channels: Arc<Mutex<Channels>>,
    listeners: Arc<Mutex<Listeners>>,
}

/// A socket's listening to its groups; dropping it stops it.
pub struct GroupListening {
    listeners: Arc<Mutex<Listeners>>,
    tenant_id: i64,
    user_id: i64,
    group_ids: Vec<i64>,
}

impl Drop for GroupListening {
    fn drop(&mut self) {
        let mut listeners = self.listeners.lock().expect("realtime hub lock");
        for group_id in &self.group_ids {
            let key = (self.tenant_id, *group_id);
            let Some(people) = listeners.get_mut(&key) else { continue };
            if let Some(sockets) = people.get_mut(&self.user_id) {
                *sockets -= 1;
                if *sockets == 0 {
                    people.remove(&self.user_id);
                }
            }
            if people.is_empty() {
                listeners.remove(&key);
            }
        }
    }
}

impl LocalHub {
    pub fn new() -> Self {
        Self::default()
    }

    /// Sends to the local sockets of `user_ids`; channels nobody listens to any more are
    /// dropped on the way.
    pub fn deliver(&self, tenant_id: i64, user_ids: &[i64], payload: &Payload) {
        let mut channels = self.channels.lock().expect("realtime hub lock");
        for id in user_ids {
            let key = (tenant_id, *id);
            if let Some(sender) = channels.get(&key) {
                if sender.send(payload.clone()).is_err() {
                    channels.remove(&key);
                }
            }
        }
    }

    /// How many people have a channel (connected sockets, or ones not yet cleaned up).
    pub fn connected(&self) -> usize {
        self.channels.lock().expect("realtime hub lock").len()
    }

    /// Sends to the local receivers of the people listening to the group.
    pub fn deliver_to_group(&self, tenant_id: i64, group_id: i64, payload: &Payload) {
        let people: Vec<i64> = match self.listeners.lock().expect("realtime hub lock").get(&(tenant_id, group_id)) {
            Some(people) => people.keys().copied().collect(),
            None => return,
        };
        self.deliver(tenant_id, &people, payload);
    }

    fn listen(&self, tenant_id: i64, user_id: i64, mut group_ids: Vec<i64>) -> GroupListening {
        group_ids.sort_unstable();
        group_ids.dedup();
        let mut listeners = self.listeners.lock().expect("realtime hub lock");
        for group_id in &group_ids {
            *listeners.entry((tenant_id, *group_id)).or_default().entry(user_id).or_default() += 1;
        }
        GroupListening { listeners: self.listeners.clone(), tenant_id, user_id, group_ids }
    }

    fn receiver(&self, tenant_id: i64, user_id: i64) -> broadcast::Receiver<Payload> {
        let mut channels = self.channels.lock().expect("realtime hub lock");
        let key = (tenant_id, user_id);
        match channels.get(&key) {
            Some(sender) => sender.subscribe(),
            None => {
                let (sender, receiver) = broadcast::channel(PER_USER_BUFFER);
                channels.insert(key, sender);
                receiver
            }
        }
    }
}

#[async_trait]
impl Realtime for LocalHub {
    async fn publish(&self, tenant_id: i64, user_ids: &[i64], payload: Payload) {
        self.deliver(tenant_id, user_ids, &payload);
    }

    fn subscribe(&self, tenant_id: i64, user_id: i64) -> broadcast::Receiver<Payload> {
        self.receiver(tenant_id, user_id)
    }

    async fn publish_to_group(&self, tenant_id: i64, group_id: i64, payload: Payload) {
        self.deliver_to_group(tenant_id, group_id, &payload);
    }

    fn listen_to_groups(&self, tenant_id: i64, user_id: i64, group_ids: Vec<i64>) -> GroupListening {
        self.listen(tenant_id, user_id, group_ids)
    }

    fn name(&self) -> &'static str {
        "local"
    }
}

/// What goes through Redis: the addressees (people, or a group's listeners) and the event.
#[derive(Debug, Serialize, Deserialize)]
struct Envelope {
    tenant: i64,
    #[serde(default)]
    to: Vec<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    group: Option<i64>,
    event: String,
}

/// Fan-out across instances through Redis pub/sub.
pub struct RedisHub {
    local: LocalHub,
    publisher: redis::aio::MultiplexedConnection,
}

impl RedisHub {
    /// Connects, and starts the task that delivers what Redis carries to this instance's
    /// sockets (it reconnects with a growing pause when the connection drops).
    pub async fn connect(url: &str) -> anyhow::Result<Arc<Self>> {
        let client = redis::Client::open(url)?;
        let publisher = client.get_multiplexed_async_connection().await?;
        let local = LocalHub::new();
        // Subscribe before answering, so that nothing published after `connect` is missed.
        let pubsub = subscribed(&client).await?;
        tokio::spawn(listen(client, pubsub, local.clone()));
        Ok(Arc::new(RedisHub { local, publisher }))
    }
}

async fn subscribed(client: &redis::Client) -> anyhow::Result<redis::aio::PubSub> {
    let mut pubsub = client.get_async_pubsub().await?;
    pubsub.subscribe(REDIS_CHANNEL).await?;
    Ok(pubsub)
}

async fn listen(client: redis::Client, first: redis::aio::PubSub, local: LocalHub) {
    use futures_util::StreamExt;
    let mut pubsub = Some(first);
    let mut pause = std::time::Duration::from_millis(200);
    loop {
        let current = match pubsub.take() {
            Some(p) => p,
            None => match subscribed(&client).await {
                Ok(p) => {
                    pause = std::time::Duration::from_millis(200);
                    p
                }
                Err(err) => {
                    tracing::warn!(error = %err, "realtime: cannot reach Redis; retrying");
                    tokio::time::sleep(pause).await;
                    pause = (pause * 2).min(std::time::Duration::from_secs(10));
                    continue;
                }
            },
        };
        let mut messages = current.into_on_message();
        while let Some(message) = messages.next().await {
            let Ok(text) = message.get_payload::<String>() else { continue };
            match serde_json::from_str::<Envelope>(&text) {
                Ok(envelope) => {
                    let payload = Payload::from(envelope.event);
                    match envelope.group {
                        Some(group_id) => local.deliver_to_group(envelope.tenant, group_id, &payload),
                        None => local.deliver(envelope.tenant, &envelope.to, &payload),
                    }
                }
                Err(err) => tracing::warn!(error = %err, "realtime: an unreadable message on the Redis channel"),
            }
        }
        tracing::warn!("realtime: the Redis subscription ended; reconnecting");
    }
}

impl RedisHub {
    /// Publishes to every instance; false (with a warning) when Redis did not take it. The
    /// event is stored already, so a client reads it back over HTTP.
    async fn send(&self, envelope: &Envelope) -> bool {
        let text = serde_json::to_string(envelope).expect("an envelope serialises");
        let mut connection = self.publisher.clone();
        let sent: redis::RedisResult<i64> =
            redis::cmd("PUBLISH").arg(REDIS_CHANNEL).arg(text).query_async(&mut connection).await;
        if let Err(err) = sent {
            tracing::warn!(error = %err, "realtime: could not publish to Redis; delivering locally only");
            return false;
        }
        true
    }
}

#[async_trait]
impl Realtime for RedisHub {
    async fn publish(&self, tenant_id: i64, user_ids: &[i64], payload: Payload) {
        if user_ids.is_empty() {
            return;
        }
        let envelope = Envelope { tenant: tenant_id, to: user_ids.to_vec(), group: None, event: payload.to_string() };
        if !self.send(&envelope).await {
            self.local.deliver(tenant_id, user_ids, &payload);
        }
    }

    fn subscribe(&self, tenant_id: i64, user_id: i64) -> broadcast::Receiver<Payload> {
        self.local.receiver(tenant_id, user_id)
    }

    async fn publish_to_group(&self, tenant_id: i64, group_id: i64, payload: Payload) {
        let envelope =
            Envelope { tenant: tenant_id, to: Vec::new(), group: Some(group_id), event: payload.to_string() };
        if !self.send(&envelope).await {
            self.local.deliver_to_group(tenant_id, group_id, &payload);
        }
    }

    fn listen_to_groups(&self, tenant_id: i64, user_id: i64, group_ids: Vec<i64>) -> GroupListening {
        self.local.listen(tenant_id, user_id, group_ids)
    }

    fn name(&self) -> &'static str {
        "redis"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_local_hub_delivers_to_the_addressees_only() {
        let hub = LocalHub::new();
        let mut ada = hub.subscribe(9, 1);
        let mut ada_again = hub.subscribe(9, 1);
        let mut ada_elsewhere = hub.subscribe(8, 1);
        let mut bob = hub.subscribe(9, 2);
        hub.publish(9, &[1, 3], Payload::from("hello")).await;
        assert_eq!(&*ada.recv().await.unwrap(), "hello");
        assert_eq!(&*ada_again.recv().await.unwrap(), "hello");
        assert!(bob.try_recv().is_err());
        assert!(ada_elsewhere.try_recv().is_err(), "another site's socket hears nothing");
        drop(bob);
        hub.publish(9, &[2], Payload::from("gone")).await;
        assert_eq!(hub.connected(), 2, "a channel with no receiver is dropped");
    }

    #[tokio::test]
    async fn a_group_event_reaches_its_listeners_while_they_listen() {
        let hub = LocalHub::new();
        let mut ada = hub.subscribe(9, 1);
        let mut bob = hub.subscribe(9, 2);
        let mut ada_elsewhere = hub.subscribe(8, 1);
        let ada_listens = hub.listen_to_groups(9, 1, vec![5, 6, 5]);
        let ada_again = hub.listen_to_groups(9, 1, vec![5]);
        let _bob_listens = hub.listen_to_groups(9, 2, vec![6]);
        hub.publish_to_group(9, 5, Payload::from("post")).await;
        assert_eq!(&*ada.recv().await.unwrap(), "post", "once, though two sockets listen");
        assert!(ada.try_recv().is_err());
        assert!(bob.try_recv().is_err(), "not a listener of group 5");
        assert!(ada_elsewhere.try_recv().is_err(), "another site's group of the same id");
        drop(ada_listens);
        hub.publish_to_group(9, 5, Payload::from("still")).await;
        assert_eq!(&*ada.recv().await.unwrap(), "still", "her other socket still listens");
        drop(ada_again);
        hub.publish_to_group(9, 5, Payload::from("gone")).await;
        assert!(ada.try_recv().is_err());
        assert!(hub.listeners.lock().unwrap().get(&(9, 5)).is_none(), "an empty group is forgotten");
    }

    #[tokio::test]
    async fn a_slow_reader_loses_the_oldest_events_not_memory() {
        let hub = LocalHub::new();
        let mut slow = hub.subscribe(1, 1);
        for i in 0..(PER_USER_BUFFER + 10) {
            hub.publish(1, &[1], Payload::from(i.to_string())).await;
        }
        assert!(matches!(slow.recv().await, Err(broadcast::error::RecvError::Lagged(10))));
        assert_eq!(&*slow.recv().await.unwrap(), "10");
    }

    /// The Redis server of the tests: WAYPOINT_TEST_REDIS_URL, else the local default; None
    /// (with the reason printed) when none answers.
    async fn redis() -> Option<String> {
        let url = std::env::var("WAYPOINT_TEST_REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".into());
        let reachable = async {
            let client = redis::Client::open(url.as_str()).ok()?;
            let mut connection = client.get_multiplexed_async_connection().await.ok()?;
            redis::cmd("PING").query_async::<String>(&mut connection).await.ok()
        };
        match tokio::time::timeout(std::time::Duration::from_secs(2), reachable).await {
            Ok(Some(_)) => Some(url),
            _ => {
                println!("SKIPPED: no Redis server answers at {url} (set WAYPOINT_TEST_REDIS_URL)");
                None
            }
        }
    }

    #[tokio::test]
    async fn two_instances_share_events_through_redis() {
        let Some(url) = redis().await else { return };
        let first = RedisHub::connect(&url).await.unwrap();
        let second = RedisHub::connect(&url).await.unwrap();
        // A site id of this run only, so that parallel runs on one server do not mix.
        let site = i64::from(rand::random::<u32>()) + 1_000_000;
        let mut on_second = second.subscribe(site, 7);
        let mut elsewhere = second.subscribe(site + 1, 7);
        first.publish(site, &[7], Payload::from("{\"type\":\"chat_message\"}")).await;
        let got = tokio::time::timeout(std::time::Duration::from_secs(2), on_second.recv()).await;
        assert_eq!(&*got.expect("delivered within 2 s").unwrap(), "{\"type\":\"chat_message\"}");
        assert!(elsewhere.try_recv().is_err());
        let _listens = second.listen_to_groups(site, 7, vec![3]);
        first.publish_to_group(site, 3, Payload::from("{\"type\":\"group\"}")).await;
        let got = tokio::time::timeout(std::time::Duration::from_secs(2), on_second.recv()).await;
        assert_eq!(&*got.expect("delivered within 2 s").unwrap(), "{\"type\":\"group\"}");
        assert_eq!(first.name(), "redis");
    }
}
