// The words the page's script writes, in the page's language. templates/base.html writes them
// as a JSON block (games/templatetags/scorer_tags.py, scorer_words); placeholders are
// %(name)s. A counting message comes written for a few counts, one of each plural form;
// another count takes the one whose form is its own.

export const WORDS = (function () {
  var block = document.getElementById("scorer-words");
  try { return block ? JSON.parse(block.textContent) : {}; } catch (e) { return {}; }
})();
export const LANG = document.documentElement.lang || "en";

function fill(text, values) {
  return String(text || "").replace(/%\((\w+)\)s|%%/g, function (all, name) {
    if (!name) return "%";
    return values && name in values ? String(values[name]) : all;
  });
}

export function say(key, values) { return fill(WORDS[key], values); }

export function sayCount(key, count, values) {
  var forms = WORDS[key] || {};
  var text = forms[String(count)];
  if (text === undefined) {
    var samples = Object.keys(forms);
    text = forms[samples[samples.length - 1]];
    try {
      var rules = new Intl.PluralRules(LANG);
      for (var i = 0; i < samples.length; i++) {
        if (rules.select(Number(samples[i])) === rules.select(count)) { text = forms[samples[i]]; break; }
      }
    } catch (e) { /* no Intl.PluralRules: the last form written */ }
  }
  var all = { count: count };
  Object.keys(values || {}).forEach(function (name) { all[name] = values[name]; });
  return fill(text, all);
}

// Times as the phone writes them in the page's language ("21:05" for a phone set to British
// English), else as the language does.
export function locales() {
  var own = Array.prototype.filter.call(navigator.languages || [], function (tag) {
    return tag.split("-")[0].toLowerCase() === LANG.split("-")[0];
  });
  return own.length ? own : [LANG];
}
