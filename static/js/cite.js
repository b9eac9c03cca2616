// "Cite" controls on an article page: a Copy button beside each reference. Without this
// script the reference is plain selectable text inside its <details>.
document.addEventListener("DOMContentLoaded", () => {
  if (!navigator.clipboard) return;
  for (const text of document.querySelectorAll(".cite__text")) {
    const reference = text.querySelector(".cite__reference");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "cite__copy";
    button.textContent = "Copy";
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(reference.textContent.trim());
        button.textContent = "Copied";
      } catch {
        button.textContent = "Select the text to copy it";
      }
      setTimeout(() => { button.textContent = "Copy"; }, 2000);
    });
    text.append(" ", button);
  }
});
