// The hand being typed, kept on the phone until the server has it: a page reopened without
// signal shows it again.

function draftKey(section) { return "scorer-draft:" + section.dataset.progress; }
function draftBase(section) { return section.dataset.offlineAfter || section.dataset.token; }

export function readDraft(section) {
  try {
    var draft = JSON.parse(localStorage.getItem(draftKey(section)) || "null");
    return draft && draft.base === draftBase(section) ? draft.fields : {};
  } catch (e) { return {}; }
}

export function keepDraft(section, name, value) {
  var fields = readDraft(section);
  fields[name] = value;
  try { localStorage.setItem(draftKey(section), JSON.stringify({ base: draftBase(section), fields: fields })); } catch (e) { /* full or private */ }
}

export function forgetDraft(section) {
  try { localStorage.removeItem(draftKey(section)); } catch (e) { /* private mode */ }
}
