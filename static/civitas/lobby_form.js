// The new-lobby form: the custom clock's minutes and seconds are asked only when "Your own…" is chosen, and the
// pace only when there is no clock (a clock sets the pace itself). The server checks every combination anyway.
(function () {
  "use strict";
  const choice = document.querySelector('select[name="time_control"]');
  if (!choice) return;
  const fieldOf = (name) => { const input = document.querySelector('[name="' + name + '"]'); return input && input.closest(".field"); };
  const custom = [fieldOf("custom_minutes"), fieldOf("custom_seconds")].filter(Boolean);
  const pace = fieldOf("pace");
  function show() {
    custom.forEach((field) => { field.hidden = choice.value !== "custom"; });
    if (pace) pace.hidden = choice.value !== "none";
  }
  choice.addEventListener("change", show);
  show();
})();
