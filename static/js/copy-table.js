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
  // Its words in the page's language (data-copied, data-copy-failed on the button, from the
  // template), English as the fallback; it goes back to the label it was drawn with.
  if (!button.dataset.label) button.dataset.label = button.textContent;
  try {
    await navigator.clipboard.writeText(line.textContent.trim());
    button.textContent = button.dataset.copied || "Copied";
  } catch {
    button.textContent = button.dataset.copyFailed || "Select the line to copy it";
  }
  setTimeout(() => { button.textContent = button.dataset.label || "Copy as a table"; }, 2000);
});
