// The hand check for a thumb. Without this script the page works as GETs: each tile of the
// keyboard and of the hand is a link, and the form's text fields are checked on submit.
// With it, the tiles are buttons, the hand is kept here (and written into the form's fields,
// which stay the one thing sent), taps can be undone, "Expose" turns the same keyboard into
// one for an exposure, and the answer comes from /hand/check.json shortly after each tap:
// the server stays the judge. Offline, the same judge runs in the browser (hand-engine.js).
(function () {
  "use strict";
  const form = document.querySelector(".hand-form");
  const keyboard = document.querySelector(".tile-picker");
  if (!form || !keyboard) return;
  const page = document.querySelector(".hand-check");
  const fields = { tiles: form.querySelector("#hand-tiles"), exposures: form.querySelector("#hand-exposures") };
  const answer = document.getElementById("hand-answer");
  const full = document.getElementById("hand-full");
  const shown = document.getElementById("hand-shown");
  const button = function (action) { return page.querySelector('[data-action="' + action + '"]'); };
  const CLOSEST_AT_ONCE = 2; // the rest are in "Closest lines in full", below the keyboard
  const WAIT_MS = 250; // quick taps send one request, not one each
  const TILES_IN_A_HAND = 14;
  // The page's words, in its language (data-say-* on .hand-check), English as the fallback;
  // "{name}" in them is filled in here.
  function say(name, fallback, values) {
    const key = "say" + name.split("-").map(function (part) {
      return part.charAt(0).toUpperCase() + part.slice(1);
    }).join("");
    let text = (page && page.dataset[key]) || fallback;
    Object.keys(values || {}).forEach(function (field) {
      text = text.split("{" + field + "}").join(String(values[field]));
    });
    return text;
  }
  const NOT_KEPT = say("not-kept", "No network, and the hand check was not kept for offline use here: check " +
    "again when you have a network (or keep the tournament for offline use first).");
  function kind(word) {
    if (word === "concealed") return say("concealed", "concealed");
    if (word === "exposed") return say("exposed", "exposed");
    return word;
  }
  // An answer from the engine kept for offline use is worded in English (it runs the
  // server's module without Django): worded here from its parts, as the server words it.
  function worded(data) {
    if (data.error || !data.verdict) return data;
    const found = Object.assign({}, data);
    if (data.verdict === "empty") {
      found.message = say("empty", data.message);
    } else if (data.verdict === "exposures") {
      const fit = data.exposures_fit || [];
      found.message = data.dead ? say("exposures-dead", data.message)
        : say(fit.length === 1 ? "exposures-still-fit-one" : "exposures-still-fit", data.message,
          { count: fit.length, ids: fit.join(", ") });
    } else if (data.verdict === "mah-jongg" && data.line) {
      found.message = say("mah-jongg", data.message,
        { id: data.line.id, section: data.line.section, value: data.line.value });
    } else if (data.verdict === "not-a-hand") {
      let words = data.count === TILES_IN_A_HAND ? say("not-a-hand", "Not a hand on this card.")
        : say("not-yet", "{count} tiles: not yet a hand (a hand has {hand}).",
          { count: data.count, hand: TILES_IN_A_HAND });
      if (data.dead) words += " " + say("dead", "No line takes these exposures: the hand is dead.");
      found.message = words;
    }
    if (data.line) found.line = Object.assign({}, data.line, { kind: kind(data.line.kind) });
    if (data.closest) {
      found.closest = data.closest.map(function (line) {
        return Object.assign({}, line, { kind: kind(line.kind) });
      });
    }
    return found;
  }

  let hand = { tiles: [], exposures: [], pending: [], exposing: false };
  const undo = []; // earlier hands, the latest last

  function element(tag, content, className) {
    const node = document.createElement(tag);
    if (content) node.textContent = content;
    if (className) node.className = className;
    return node;
  }

  // A tile's picture, copied from the keyboard (its src and its name as alt text).
  const pictures = {};
  keyboard.querySelectorAll("[data-tile] img").forEach(function (img) {
    pictures[img.closest("[data-tile]").dataset.tile] = img;
  });
  function picture(code) {
    return pictures[code] ? pictures[code].cloneNode(false) : element("span", code + " ", "tile");
  }
  function tilePictures(codes, className) {
    const span = element("span", "", className);
    codes.forEach(function (code) { span.append(picture(code)); });
    return span;
  }

  // The keyboard's links become buttons: a tile is something you press, not a page.
  keyboard.querySelectorAll("a[data-tile]").forEach(function (link) {
    const key = element("button", "", "tile-key");
    key.type = "button";
    key.dataset.tile = link.dataset.tile;
    key.append(...link.childNodes);
    link.replaceWith(key);
  });

  // The hand the page was drawn with, as the server read it.
  shown.querySelectorAll("[data-group]").forEach(function (group) {
    hand.exposures.push(group.dataset.group.split(" "));
  });
  shown.querySelectorAll("[data-tile]").forEach(function (tile) { hand.tiles.push(tile.dataset.tile); });

  function copy(h) {
    return { tiles: h.tiles.slice(), exposures: h.exposures.map(function (g) { return g.slice(); }),
      pending: h.pending.slice(), exposing: h.exposing };
  }

  function drawHand(focusAt) {
    const nodes = [];
    hand.exposures.forEach(function (group, index) {
      const node = element("button", "", "hand-exposure");
      node.type = "button";
      node.dataset.group = index;
      node.append(element("span", say("exposed-take-back", "Exposed, take back:") + " ", "hand-sr"), ...group.map(picture));
      nodes.push(node);
    });
    if (hand.exposing) {
      // The exposure under way, and the button that puts it up, where it will go.
      const pending = element("span", "", "hand-pending");
      pending.append(element("span", hand.pending.length ? say("exposing", "Exposing:")
        : say("exposing-tap", "Exposing: tap its tiles"), "hand-pending__label"));
      hand.pending.forEach(function (code) { pending.append(picture(code)); });
      const confirm = element("button", say("put-up", "Put up"), "hand-put-up");
      confirm.type = "button";
      confirm.dataset.action = "confirm";
      confirm.disabled = hand.pending.length === 0;
      nodes.push(pending, confirm);
    }
    hand.tiles.forEach(function (code, index) {
      const node = element("button", "", "hand-tile");
      node.type = "button";
      node.dataset.index = index;
      node.append(picture(code));
      nodes.push(node);
    });
    shown.replaceChildren(...nodes);
    if (focusAt !== undefined) {
      const tiles = shown.querySelectorAll(".hand-tile");
      const next = tiles[Math.min(focusAt, tiles.length - 1)];
      (next || button("undo")).focus();
    }
    button("expose").setAttribute("aria-pressed", String(hand.exposing));
    button("undo").disabled = undo.length === 0;
    page.classList.toggle("hand-check--exposing", hand.exposing);
  }

  function writeFields() {
    fields.tiles.value = hand.tiles.join(" ");
    fields.exposures.value = hand.exposures.map(function (g) { return g.join(" "); }).join("; ");
  }

  // Every change goes through here: the old hand can be undone, the new one is drawn and,
  // when what is sent changed, checked.
  function change(update, focusAt) {
    const before = copy(hand);
    update();
    undo.push(before);
    const sent = fields.tiles.value + "|" + fields.exposures.value;
    writeFields();
    drawHand(focusAt);
    if (fields.tiles.value + "|" + fields.exposures.value !== sent) later();
  }

  function show(data) {
    answer.replaceChildren();
    full.replaceChildren();
    if (data.error) { answer.append(element("p", data.error, "hand-error")); return; }
    const verdict = element("p", "", "hand-verdict hand-" + data.verdict);
    verdict.append(element("strong", data.message));
    answer.append(verdict);
    if (data.line) {
      const line = element("p", "", "hand-line");
      line.append(element("code", data.line.pattern), ", " + data.line.kind);
      answer.append(line);
      full.append(element("p", say("full-line", "Line {id} ({section}): {pattern}, {kind}, worth {value}", {
        id: data.line.id, section: data.line.section, pattern: data.line.pattern,
        kind: data.line.kind, value: data.line.value,
      }) + (data.line.reading ? "; " + say("read-as", "read as {reading}", { reading: data.line.reading }) : "") + "."));
    }
    if (data.closest && data.closest.length) {
      const list = element("ol", "", "hand-closest");
      data.closest.slice(0, CLOSEST_AT_ONCE).forEach(function (line) {
        const item = element("li");
        item.append(element("strong", line.id), " " + say("needs", "needs {needs}", { needs: line.needs }));
        if (line.still_needs && line.still_needs.length) {
          item.append(": ", tilePictures(line.still_needs, "hand-needed-tiles"));
        }
        list.append(item);
      });
      answer.append(list);
      const fold = element("details", "", "hand-fold");
      fold.append(element("summary", say("closest-in-full", "Closest lines in full")));
      const lines = element("ul");
      data.closest.forEach(function (line) {
        const item = element("li", line.reading
          ? say("closest-line-read", "{id} {pattern} (worth {value}; read as {reading}): needs {needs}", line)
          : say("closest-line", "{id} {pattern} (worth {value}): needs {needs}", line));
        if (line.still_needs && line.still_needs.length) {
          item.append(": ", tilePictures(line.still_needs, "hand-needed-tiles"));
          if (line.jokers_may_stand_for && line.jokers_may_stand_for.length) {
            const joker = element("span", " (" + say("joker-may", "a joker may stand for") + " ", "muted");
            joker.append(tilePictures(line.jokers_may_stand_for, "hand-joker-for"), ")");
            item.append(joker);
          }
        }
        lines.append(item);
      });
      fold.append(lines);
      full.append(fold);
    }
    if (data.exposures && data.exposures.length && data.verdict !== "exposures") {
      full.append(element("p", data.dead ? say("no-line-exposures", "No line takes the exposures.") :
        say("exposures-fit", "The exposures fit {lines}.", { lines: data.exposures_fit.join(", ") })));
    }
  }

  let asked = 0; // only the latest request's answer is shown
  let timer = null;

  function check(adopt) {
    const query = new URLSearchParams(new FormData(form)).toString();
    const number = ++asked;
    const started = performance.now(); // "hand check answer": asked to drawn (the benchmark's)
    fetch(form.dataset.json + "?" + query, { headers: { Accept: "application/json" } })
      .then(function (response) { return response.json(); })
      .catch(function () {
        // No network: the engine kept for offline use answers (hand-engine.js: the server's
        // own hand check, run in the browser).
        if (!window.handEngine) return { error: NOT_KEPT };
        return window.handEngine.check(fields.tiles.value, fields.exposures.value)
          .then(worded)
          .catch(function () { return { error: NOT_KEPT }; });
      })
      .then(function (data) {
        if (number !== asked) return;
        show(data);
        performance.measure("hand check answer", { start: started, end: performance.now() });
        // Typed into the fields: the hand drawn is the one the server read.
        if (adopt && !data.error) {
          hand.tiles = data.tiles;
          hand.exposures = data.exposures;
          drawHand();
        }
      })
      .catch(function () { /* the Check button still works */ });
    history.replaceState(null, "", "?" + query);
  }

  function later(adopt) {
    clearTimeout(timer);
    timer = setTimeout(function () { check(adopt); }, WAIT_MS);
  }

  keyboard.addEventListener("click", function (event) {
    const key = event.target.closest("button[data-tile]");
    if (!key) return;
    change(function () { (hand.exposing ? hand.pending : hand.tiles).push(key.dataset.tile); });
  });
  shown.addEventListener("click", function (event) {
    const tile = event.target.closest(".hand-tile");
    const group = event.target.closest(".hand-exposure");
    if (tile) {
      const index = Number(tile.dataset.index);
      change(function () { hand.tiles.splice(index, 1); }, index);
    } else if (group) {
      change(function () { hand.exposures.splice(Number(group.dataset.group), 1); }, 0);
    }
  });
  page.addEventListener("click", function (event) {
    const pressed = event.target.closest("button[data-action]");
    const action = pressed && pressed.dataset.action;
    if (action === "undo" && undo.length) {
      hand = undo.pop();
      writeFields();
      drawHand();
      later();
    } else if (action === "clear") {
      change(function () { hand = { tiles: [], exposures: [], pending: [], exposing: false }; });
    } else if (action === "expose") {
      // Pressed again before "Put up": the tiles tapped for it are dropped (Undo brings them back).
      change(function () { hand.exposing = !hand.exposing; hand.pending = []; });
    } else if (action === "confirm" && hand.pending.length) {
      change(function () { hand.exposures.push(hand.pending); hand.pending = []; hand.exposing = false; });
    }
  });
  form.addEventListener("submit", function (event) { event.preventDefault(); check(true); });
  // Another card changes the whole page (its name, why, whether it is invented): reload.
  const cardSelect = form.querySelector("#hand-card");
  if (cardSelect) cardSelect.addEventListener("change", function () { form.submit(); });
  form.addEventListener("input", function (event) {
    if (event.target === fields.tiles || event.target === fields.exposures) later(true);
  });

  page.querySelectorAll(".hand-tool").forEach(function (tool) { tool.hidden = false; });
  drawHand();

  // A kept copy's page was stored without a hand; opened offline with one in its address (a
  // reload after taps, which write it there), the hand is checked here.
  const address = new URLSearchParams(location.search);
  if (!fields.tiles.value && !fields.exposures.value &&
      (address.get("tiles") || address.get("exposures"))) {
    fields.tiles.value = address.get("tiles") || "";
    fields.exposures.value = address.get("exposures") || "";
    check(true);
  }
})();
