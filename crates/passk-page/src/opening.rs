//! What opening a share link does to what the page holds: the link's state replaces the
//! page's, the user's own input (when it differs, and when it is theirs) is kept aside under
//! [`PREVIOUS_KEY`] until they restore it or let it go, a built-in example travels by its
//! name; and the link the address bar carries while the user edits.

use passk_app::page::examples::Example;
use passk_app::share::{fragment, CalcFields, Decoded, Shared};

/// Where the user's own input is kept aside while a link's state is shown.
pub const PREVIOUS_KEY: &str = "passk.previous.v1";

/// Storage by key (the page's local storage; a map in tests).
pub trait Store {
    /// The value under `key`.
    fn load(&self, key: &str) -> Option<String>;
    /// Puts `value` under `key`.
    ///
    /// # Errors
    /// Why it could not (storage unavailable or full).
    fn save(&mut self, key: &str, value: &str) -> Result<(), String>;
    /// Removes `key`.
    fn remove(&mut self, key: &str);
}

/// What the page holds now, as a link would carry it.
#[derive(Debug, Clone, PartialEq)]
pub struct Now {
    /// The calculator's fields.
    pub calc: CalcFields,
    /// The dataset view and analysis.
    pub data: Shared,
    /// Whether any of it is the user's own: storage held their state as the page started, or
    /// the calculator holds something else than its example (on a first visit the rest is
    /// the page's own start).
    pub own: bool,
}

/// What to do to open a link.
#[derive(Debug, Clone, PartialEq)]
pub struct Opening {
    /// Whether to keep the user's input aside first.
    pub keep_aside: bool,
    /// The calculator's fields to set.
    pub calc: Option<CalcFields>,
    /// The dataset view and analysis to set, and the example whose files to show (None: the
    /// link's own inputs).
    pub data: Option<(Shared, Option<Example>)>,
    /// The messages for the person who opened the link.
    pub messages: Vec<String>,
}

/// What opening `decoded` does to the page holding `now`.
pub fn open(decoded: Decoded, now: &Now) -> Opening {
    let Decoded {
        calc,
        data,
        mut messages,
    } = decoded;
    let differs = calc.as_ref().is_some_and(|c| *c != now.calc)
        || data.as_ref().is_some_and(|d| *d != now.data);
    let data = data.map(|d| {
        let example = d.example.as_deref().and_then(|key| {
            let e = Example::from_key(key);
            if e.is_none() {
                messages.push(format!(
                    "This page has no built-in example named {key:?}: the dataset view shows what it had."
                ));
            }
            e
        });
        (d, example)
    });
    Opening {
        keep_aside: differs && now.own,
        calc,
        data,
        messages,
    }
}

/// Keeps the stored state under `keys` aside under [`PREVIOUS_KEY`] (once: a second link
/// keeps the first input aside, not the first link's); whether any is kept. When storage is
/// full the files (`files_key`, which the copy holds) make room.
///
/// # Errors
/// A message when storage is unavailable or full even so (the files put back).
pub fn keep_previous(
    store: &mut impl Store,
    keys: &[&str],
    files_key: &str,
) -> Result<bool, String> {
    if store.load(PREVIOUS_KEY).is_some() {
        return Ok(true);
    }
    let saved: Vec<(String, String)> = keys
        .iter()
        .filter_map(|k| store.load(k).map(|v| (k.to_string(), v)))
        .collect();
    if saved.is_empty() {
        return Ok(false);
    }
    let json = serde_json::to_string(&saved).map_err(|e| e.to_string())?;
    if store.save(PREVIOUS_KEY, &json).is_err() {
        store.remove(files_key);
        if let Err(e) = store.save(PREVIOUS_KEY, &json) {
            if let Some((_, files)) = saved.iter().find(|(k, _)| k == files_key) {
                let _ = store.save(files_key, files);
            }
            return Err(e);
        }
    }
    Ok(true)
}

/// Puts the input kept aside back under `keys` (the link's state removed) and forgets the
/// copy; false when there was none to put back. The copy is taken out of storage before its
/// values go back (they need its room when storage is nearly full), and put back if they
/// cannot: the user's input is never lost.
///
/// # Errors
/// A message when storage refuses it (the copy kept aside again).
pub fn restore_previous(store: &mut impl Store, keys: &[&str]) -> Result<bool, String> {
    let Some(copy) = store.load(PREVIOUS_KEY) else {
        return Ok(false);
    };
    let Ok(saved) = serde_json::from_str::<Vec<(String, String)>>(&copy) else {
        return Ok(false);
    };
    for key in keys {
        store.remove(key);
    }
    store.remove(PREVIOUS_KEY);
    for (key, value) in &saved {
        if keys.contains(&key.as_str()) {
            if let Err(e) = store.save(key, value) {
                for key in keys {
                    store.remove(key);
                }
                let _ = store.save(PREVIOUS_KEY, &copy);
                return Err(e);
            }
        }
    }
    Ok(true)
}

/// The address the address bar carries: the page's, with the parts it follows (none: the
/// page alone).
pub fn address(page: &str, calc: Option<&CalcFields>, data: Option<&str>) -> String {
    if calc.is_none() && data.is_none() {
        page.to_string()
    } else {
        format!("{page}#{}", fragment(calc, data))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// Storage in memory that holds at most `room` bytes.
    #[derive(Default)]
    struct Memory {
        map: BTreeMap<String, String>,
        room: Option<usize>,
        /// A key it refuses to write (storage failing).
        refuse: Option<&'static str>,
    }

    impl Store for Memory {
        fn load(&self, key: &str) -> Option<String> {
            self.map.get(key).cloned()
        }
        fn save(&mut self, key: &str, value: &str) -> Result<(), String> {
            let used: usize = self
                .map
                .iter()
                .filter(|(k, _)| *k != key)
                .map(|(_, v)| v.len())
                .sum();
            if self.room.is_some_and(|r| used + value.len() > r) || self.refuse == Some(key) {
                return Err("full".into());
            }
            self.map.insert(key.into(), value.into());
            Ok(())
        }
        fn remove(&mut self, key: &str) {
            self.map.remove(key);
        }
    }

    fn shared(example: Option<&str>) -> Shared {
        Shared {
            inputs: vec![],
            settings: Default::default(),
            enabled: vec![],
            band: passk_core::settings::BandKind::DEFAULT,
            view: Default::default(),
            example: example.map(Into::into),
        }
    }

    fn calc(n: &str) -> CalcFields {
        [n.into(), "3".into(), "5".into()]
    }

    #[test]
    fn a_link_keeps_the_users_own_differing_input_aside() {
        let now = Now {
            calc: calc("10"),
            data: shared(None),
            own: true,
        };
        let link = |c: Option<CalcFields>, d: Option<Shared>| Decoded {
            calc: c,
            data: d,
            messages: vec![],
        };
        assert!(open(link(Some(calc("20")), None), &now).keep_aside);
        // The same state: nothing to keep; not the user's own: nothing either.
        assert!(!open(link(Some(calc("10")), Some(shared(None))), &now).keep_aside);
        let start = Now {
            own: false,
            ..now.clone()
        };
        assert!(!open(link(Some(calc("20")), None), &start).keep_aside);
        // An example by name; an unknown one said.
        let key = Example::ALL[0].key();
        let o = open(link(None, Some(shared(Some(key)))), &now);
        assert_eq!(o.data.unwrap().1, Some(Example::ALL[0]));
        let o = open(link(None, Some(shared(Some("nope")))), &now);
        assert!(o.messages[0].contains("no built-in example named \"nope\""));
    }

    #[test]
    fn the_input_kept_aside_comes_back_and_the_files_make_room() {
        let keys = ["paste", "files", "calc"];
        let mut m = Memory::default();
        assert_eq!(keep_previous(&mut m, &keys, "files"), Ok(false));
        m.save("paste", "10 3").unwrap();
        m.save("files", &"x".repeat(50)).unwrap();
        assert_eq!(keep_previous(&mut m, &keys, "files"), Ok(true));
        // The link's state replaces it; a second link keeps the first input, not the link's.
        m.save("paste", "link's").unwrap();
        assert_eq!(keep_previous(&mut m, &keys, "files"), Ok(true));
        assert_eq!(restore_previous(&mut m, &keys), Ok(true));
        assert_eq!(m.load("paste").as_deref(), Some("10 3"));
        assert!(m.load(PREVIOUS_KEY).is_none());
        assert_eq!(restore_previous(&mut m, &keys), Ok(false));
        // Storage nearly full: the files make room for the copy (which holds them).
        let mut m = Memory {
            room: Some(150),
            ..Memory::default()
        };
        m.save("paste", "10 3").unwrap();
        m.save("files", &"x".repeat(60)).unwrap();
        assert_eq!(keep_previous(&mut m, &keys, "files"), Ok(true));
        assert!(m.load("files").is_none());
        assert_eq!(restore_previous(&mut m, &keys), Ok(true));
        assert_eq!(m.load("files").map(|f| f.len()), Some(60));
        // Storage failing: refused, the copy kept aside again.
        assert_eq!(keep_previous(&mut m, &keys, "files"), Ok(true));
        m.refuse = Some("files");
        assert!(restore_previous(&mut m, &keys).is_err());
        assert!(m.load(PREVIOUS_KEY).is_some_and(|c| c.contains("10 3")));
        m.refuse = None;
        // Too full even so: refused, the files put back.
        let mut m = Memory {
            room: Some(70),
            ..Memory::default()
        };
        m.save("files", &"x".repeat(60)).unwrap();
        assert!(keep_previous(&mut m, &keys, "files").is_err());
        assert_eq!(m.load("files").map(|f| f.len()), Some(60));
    }

    #[test]
    fn the_address_carries_the_parts_followed() {
        assert_eq!(address("http://p/", None, None), "http://p/");
        let a = address("http://p/", Some(&calc("10")), None);
        assert!(a.starts_with("http://p/#v=") && a.contains("n=10"), "{a}");
    }
}
