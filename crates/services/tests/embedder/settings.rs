//! `EmbeddingSettings::from_env` and what `try_from_settings` makes of them, without a model.

use std::{path::Path, time::Duration};

use services::matching::embedder::{from_settings, try_from_settings, EmbedError, NoEmbedder, Provider};

use crate::settings;

#[test]
fn defaults_are_the_local_model_in_the_data_dir() {
    let s = settings(Path::new("/srv/waypoint"), &[]).unwrap();
    assert_eq!(s.provider, Provider::Local);
    assert_eq!(s.model_dir, Path::new("/srv/waypoint/models/all-MiniLM-L6-v2"));
    assert_eq!(s.openai, None);
    assert_eq!(s.batch_size, None);
    assert!(s.threads >= 1);
    // The AI provider's variables do not switch texts to a third party by themselves.
    let s = settings(Path::new("data"), &[("WAYPOINT_AI_BASE_URL", "https://api.openai.com/v1")]).unwrap();
    assert_eq!((s.provider, s.openai), (Provider::Local, None));
}

#[test]
fn local_settings_are_read() {
    let s = settings(
        Path::new("data"),
        &[
            ("WAYPOINT_EMBEDDING_PROVIDER", " Local "),
            ("WAYPOINT_EMBEDDING_MODEL_DIR", "/models/minilm"),
            ("WAYPOINT_EMBEDDING_BATCH_SIZE", "8"),
            ("WAYPOINT_EMBEDDING_THREADS", "1"),
        ],
    )
    .unwrap();
    assert_eq!(s.provider, Provider::Local);
    assert_eq!(s.model_dir, Path::new("/models/minilm"));
    assert_eq!((s.batch_size, s.threads), (Some(8), 1));
}

#[test]
fn off_means_no_embedder() {
    let s = settings(Path::new("data"), &[("WAYPOINT_EMBEDDING_PROVIDER", "off")]).unwrap();
    assert_eq!(s.provider, Provider::Off);
    assert!(matches!(try_from_settings(&s), Err(NoEmbedder::Off)));
    assert!(from_settings(&s).is_none());
}

#[test]
fn openai_needs_a_base_url() {
    let err = settings(Path::new("data"), &[("WAYPOINT_EMBEDDING_PROVIDER", "openai")]).unwrap_err();
    assert!(err.contains("WAYPOINT_AI_BASE_URL"), "{err}");
    let err = settings(
        Path::new("data"),
        &[("WAYPOINT_EMBEDDING_PROVIDER", "openai"), ("WAYPOINT_AI_BASE_URL", "api.openai.com")],
    )
    .unwrap_err();
    assert!(err.contains("http(s) URL"), "{err}");
}

#[test]
fn openai_settings_default_to_text_embedding_3_small() {
    let s = settings(
        Path::new("data"),
        &[
            ("WAYPOINT_EMBEDDING_PROVIDER", "openai"),
            ("WAYPOINT_AI_BASE_URL", "https://api.openai.com/v1/"),
            ("WAYPOINT_AI_API_KEY", "sk-settings-SECRET"),
        ],
    )
    .unwrap();
    let openai = s.openai.clone().unwrap();
    assert_eq!(openai.base_url, "https://api.openai.com/v1");
    assert_eq!((openai.model.as_str(), openai.dimensions), ("text-embedding-3-small", 1536));
    assert_eq!(openai.timeout, Duration::from_secs(20));
    assert!(!format!("{s:?}").contains("SECRET"), "{s:?}");
    let embedder = try_from_settings(&s).unwrap();
    assert_eq!((embedder.model_id(), embedder.dimensions()), ("openai:text-embedding-3-small", 1536));
}

#[test]
fn another_openai_model_needs_its_dimensions() {
    let base = [("WAYPOINT_EMBEDDING_PROVIDER", "openai"), ("WAYPOINT_AI_BASE_URL", "http://127.0.0.1:11434/v1")];
    let mut vars = base.to_vec();
    vars.push(("WAYPOINT_EMBEDDING_MODEL", "nomic-embed-text"));
    let err = settings(Path::new("data"), &vars).unwrap_err();
    assert!(err.contains("WAYPOINT_EMBEDDING_DIMENSIONS"), "{err}");
    vars.push(("WAYPOINT_EMBEDDING_DIMENSIONS", "768"));
    let openai = settings(Path::new("data"), &vars).unwrap().openai.unwrap();
    assert_eq!((openai.model.as_str(), openai.dimensions), ("nomic-embed-text", 768));
}

#[test]
fn bad_values_are_refused_with_the_variable_named() {
    for (name, value) in [
        ("WAYPOINT_EMBEDDING_PROVIDER", "bert"),
        ("WAYPOINT_EMBEDDING_BATCH_SIZE", "0"),
        ("WAYPOINT_EMBEDDING_BATCH_SIZE", "many"),
        ("WAYPOINT_EMBEDDING_THREADS", "0"),
    ] {
        let err = settings(Path::new("data"), &[(name, value)]).unwrap_err();
        assert!(err.contains(name), "{name}={value}: {err}");
    }
    let err = settings(
        Path::new("data"),
        &[
            ("WAYPOINT_EMBEDDING_PROVIDER", "openai"),
            ("WAYPOINT_AI_BASE_URL", "https://api.openai.com/v1"),
            ("WAYPOINT_AI_TIMEOUT_SECS", "301"),
        ],
    )
    .unwrap_err();
    assert!(err.contains("WAYPOINT_AI_TIMEOUT_SECS"), "{err}");
}

#[test]
fn a_missing_model_folder_means_no_embedder_and_says_how_to_fetch_it() {
    let dir = tempfile::tempdir().unwrap();
    let s = settings(dir.path(), &[]).unwrap();
    let why = try_from_settings(&s).err().expect("no model, no embedder");
    assert!(matches!(why, NoEmbedder::MissingModel(_)), "{why:?}");
    let message = why.to_string();
    assert!(message.contains("models/all-MiniLM-L6-v2"), "{message}");
    assert!(message.contains("scripts/fetch-model.sh"), "{message}");
    assert!(from_settings(&s).is_none());
}

#[test]
fn a_folder_that_does_not_pool_by_mean_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let config = r#"{"vocab_size": 30522, "hidden_size": 384, "num_hidden_layers": 6,
        "num_attention_heads": 12, "intermediate_size": 1536, "hidden_act": "gelu",
        "hidden_dropout_prob": 0.1, "max_position_embeddings": 512, "type_vocab_size": 2,
        "initializer_range": 0.02, "layer_norm_eps": 1e-12, "pad_token_id": 0, "model_type": "bert"}"#;
    std::fs::write(dir.path().join("config.json"), config).unwrap();
    std::fs::write(dir.path().join("model.safetensors"), b"").unwrap();
    std::fs::create_dir(dir.path().join("1_Pooling")).unwrap();
    let pooling = r#"{"word_embedding_dimension": 384, "pooling_mode_cls_token": true,
        "pooling_mode_mean_tokens": false, "pooling_mode_max_tokens": false}"#;
    std::fs::write(dir.path().join("1_Pooling/config.json"), pooling).unwrap();

    let s = settings(Path::new("data"), &[("WAYPOINT_EMBEDDING_MODEL_DIR", dir.path().to_str().unwrap())]).unwrap();
    let why = try_from_settings(&s).err().expect("cls pooling is refused");
    let NoEmbedder::Unusable(EmbedError::Model { reason, .. }) = &why else { panic!("{why:?}") };
    assert!(reason.contains("cls_token") && reason.contains("only mean pooling"), "{reason}");
    assert!(from_settings(&s).is_none());
}
