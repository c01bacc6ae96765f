// The new-lobby form: the custom clock's minutes and seconds are asked only when "Your own…" is chosen, and the
// pace only when there is no clock (a clock sets the pace itself); "Rated" is unticked and greyed, saying why, for
// a table of one. The server checks every combination anyway.
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

// A table of one cannot be rated: with one seat chosen, "Rated" is unticked and says why; with more, it comes back
// as the host left it. (The server makes a one-seat lobby unrated whatever the box says.)
(function () {
  "use strict";
  const seats = document.querySelector('select[name="seat_count"]');
  const rated = document.querySelector('input[name="rated"]');
  if (!seats || !rated || rated.disabled) return;
  const note = document.createElement("small");
  note.className = "muted rated-note";
  note.textContent = "A table of one is not rated: a rating needs someone to play against.";
  note.hidden = true;
  rated.closest(".field").append(note);
  let wanted = rated.checked;
  rated.addEventListener("change", () => { wanted = rated.checked; });
  function adapt() {
    const alone = seats.value === "1";
    rated.disabled = alone;
    rated.checked = alone ? false : wanted;
    note.hidden = !alone;
  }
  seats.addEventListener("change", adapt);
  adapt();
})();
