// The print sheet's Print button (no inline script: the Content-Security-Policy allows none).
document.addEventListener("click", function (e) {
  if (e.target.closest("[data-print]")) window.print();
});
