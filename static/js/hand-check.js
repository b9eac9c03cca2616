// The hand check without reloading: tapping a tile adds it to the hand and the answer
// comes from /hand/check.json. Without this script the same form and links work as GETs.
(function () {
  "use strict";
  const form = document.querySelector(".hand-form");
  if (!form) return;
  const tiles = form.querySelector("#hand-tiles");
  const answer = document.getElementById("hand-answer");

  function text(tag, content, className) {
    const node = document.createElement(tag);
    node.textContent = content;
    if (className) node.className = className;
    return node;
  }

  // A tile's picture, copied from the picker (its src and its name as alt text).
  function tilePictures(codes, className) {
    const span = text("span", "", className);
    codes.forEach(function (code) {
      const picture = document.querySelector('.tile-picker a[data-tile="' + code + '"] img');
      span.append(picture ? picture.cloneNode(false) : text("span", code + " ", "tile"));
    });
    return span;
  }

  function show(data) {
    answer.replaceChildren();
    if (data.error) { answer.append(text("p", data.error, "hand-error")); return; }
    const verdict = text("p", "", "hand-verdict hand-" + data.verdict);
    verdict.append(text("strong", data.message));
    answer.append(verdict);
    if (data.line) {
      answer.append(text("p", "Line " + data.line.id + " (" + data.line.section + "): " +
        data.line.pattern + ", " + data.line.kind + ", worth " + data.line.value +
        (data.line.reading ? "; read as " + data.line.reading : "") + "."));
    }
    if (data.closest && data.closest.length) {
      answer.append(text("h2", "Closest lines"));
      const list = document.createElement("ul");
      data.closest.forEach(function (line) {
        const item = text("li", line.id + " " + line.pattern + " (worth " + line.value +
          (line.reading ? "; read as " + line.reading : "") + "): needs " + line.needs);
        if (line.still_needs && line.still_needs.length) {
          item.append(": ", tilePictures(line.still_needs, "hand-needed-tiles"));
          if (line.jokers_may_stand_for && line.jokers_may_stand_for.length) {
            const joker = text("span", " (a joker may stand for ", "muted");
            joker.append(tilePictures(line.jokers_may_stand_for, "hand-joker-for"), ")");
            item.append(joker);
          }
        }
        list.append(item);
      });
      answer.append(list);
    }
    if (data.exposures && data.exposures.length && data.verdict !== "exposures") {
      answer.append(text("p", data.dead ? "No line takes the exposures." :
        "The exposures fit " + data.exposures_fit.join(", ") + "."));
    }
  }

  let asked = 0;  // quick taps send several requests: only the latest one's answer is shown

  function check() {
    const query = new URLSearchParams(new FormData(form)).toString();
    const number = ++asked;
    fetch(form.dataset.json + "?" + query, { headers: { Accept: "application/json" } })
      .then(function (response) { return response.json(); })
      .then(function (data) { if (number === asked) show(data); })
      .catch(function () { /* the Check button still works */ });
    history.replaceState(null, "", "?" + query);
  }

  document.querySelectorAll(".tile-picker a[data-tile]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      tiles.value = (tiles.value.trim() + " " + link.dataset.tile).trim();
      check();
    });
  });
  form.addEventListener("submit", function (event) { event.preventDefault(); check(); });
  // Another card changes the whole page (its name, why, whether it is invented): reload.
  form.querySelector("#hand-card").addEventListener("change", function () { form.submit(); });
  let timer = null;
  form.addEventListener("input", function (event) {
    if (event.target.id === "hand-card") return;
    clearTimeout(timer);
    timer = setTimeout(check, 300);
  });
})();
