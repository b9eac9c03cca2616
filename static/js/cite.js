// A ruling's address in its article (/articles/<key>/#<slug>) opens its <details> in place;
// without this script the list still works, a tap opens each.
function openNamedRuling() {
  const id = decodeURIComponent(location.hash.slice(1));
  const named = id ? document.getElementById(id) : null;
  if (named && named.tagName === "DETAILS") {
    named.open = true;
    named.scrollIntoView();
  }
}
window.addEventListener("hashchange", openNamedRuling);
document.addEventListener("DOMContentLoaded", openNamedRuling);

// "Cite" controls on an article page: a Copy button beside each reference. Without this
// script the reference is plain selectable text inside its <details>.
document.addEventListener("DOMContentLoaded", () => {
  if (!navigator.clipboard) return;
  for (const text of document.querySelectorAll(".cite__text")) {
    const reference = text.querySelector(".cite__reference");
    // Its words in the page's language (templates/articles/_cite.html), English as the fallback.
    const copy = text.dataset.copy || "Copy";
    const copied = text.dataset.copied || "Copied";
    const failed = text.dataset.copyFailed || "Select the text to copy it";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "cite__copy";
    button.textContent = copy;
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(reference.textContent.trim());
        button.textContent = copied;
      } catch {
        button.textContent = failed;
      }
      setTimeout(() => { button.textContent = copy; }, 2000);
    });
    text.append(" ", button);
  }
});
