// "Copy as a table" beside each table in notation (authors' details on a scenario's page and
// the editor's check): copies the line. Without this script the buttons stay hidden and the
// line is plain selectable text. The editor's live check adds its lines later, so clicks are
// caught on the document rather than bound to each button; an article's drawings, fetched
// when opened (drawings.js), call showCopyButtons on what they bring.
function showCopyButtons(root) {
  if (!navigator.clipboard) return;
  for (const button of root.querySelectorAll(".copy-table")) button.hidden = false;
}

document.addEventListener("DOMContentLoaded", () => showCopyButtons(document));

document.addEventListener("click", async (event) => {
  const button = event.target.closest(".copy-table");
  if (!button) return;
  const line = button.closest(".table-notation").querySelector("code");
  try {
    await navigator.clipboard.writeText(line.textContent.trim());
    button.textContent = "Copied";
  } catch {
    button.textContent = "Select the line to copy it";
  }
  setTimeout(() => { button.textContent = "Copy as a table"; }, 2000);
});
