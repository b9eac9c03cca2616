// The rulings log on a phone at the table. Offline logging is not supported: when the
// browser says it is offline, the page says so (the form would not reach the server).
// With a player and an infraction chosen, the schedule's suggestion is fetched from the
// server (which counts the player's earlier offences) and put in the points field; the
// server counts again, under a lock, when the ruling is saved.
(function () {
  "use strict";
  const notice = document.getElementById("log-offline");
  function showNetwork() {
    if (notice) notice.hidden = navigator.onLine;
  }
  window.addEventListener("online", showNetwork);
  window.addEventListener("offline", showNetwork);
  showNetwork();

  const part = document.querySelector(".log-event-part[data-penalty-url]");
  if (!part) return;
  const offender = document.getElementById("id_event-offender");
  const infraction = document.getElementById("id_event-infraction");
  const points = document.getElementById("id_event-points");
  const said = document.getElementById("penalty-suggestion");
  if (!offender || !infraction || !points || !said) return;
  let asked = 0;

  function suggest() {
    if (!offender.value || !infraction.value) {
      said.textContent = "";
      return;
    }
    const query = new URLSearchParams({ player: offender.value, infraction: infraction.value });
    const mine = ++asked;
    fetch(part.dataset.penaltyUrl + "?" + query, { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) {
        if (!answer || mine !== asked) return;
        said.textContent = answer.text;
        points.value = answer.points === null ? "" : String(answer.points);
      })
      .catch(function () { said.textContent = ""; });
  }
  offender.addEventListener("change", suggest);
  infraction.addEventListener("change", suggest);
})();
