"""The new-table form, built from the game's own option list."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from companion.names import look_alike
from games.base import Game, OptionInfo
from games.players import MAX_NAME


class NewTableForm(forms.Form):
    title = forms.CharField(label=_("Title (optional)"), max_length=100, required=False)
    save_preset = forms.CharField(
        label=_("Save these house rules as a preset named"),
        help_text=_("Optional. The group's preset of the same name is replaced; tables already played keep theirs."),
        max_length=60,
        required=False,
    )

    def __init__(
        self, game: Game, data: Any = None, preset: Mapping[str, Any] | None = None, seating: Sequence[str] = ()
    ) -> None:
        """`preset`: options as a table stores them, shown instead of the rulebook's; `seating`: names for the
        seats in order (a bound form ignores both)."""
        initial = {f"opt_{name}": value for name, value in (preset or {}).items()}
        initial |= {f"player_{i}": name for i, name in enumerate(seating)}
        super().__init__(data, initial=initial)
        self.game = game
        for i in range(game.max_players):
            self.fields[f"player_{i}"] = forms.CharField(
                label=_("Seat %(n)d") % {"n": i + 1},
                max_length=MAX_NAME,
                required=i < game.min_players,
                widget=forms.TextInput(
                    attrs={
                        "autocomplete": "off",
                        "list": "recent-names",
                        "autocapitalize": "words",
                        "enterkeyhint": "next",
                    }
                ),
            )
        for info in game.option_info():
            self.fields[f"opt_{info.name}"] = _option_field(info)

    def clean(self) -> dict[str, Any]:
        """Two seats whose names look alike (Ann and Cyrillic Аnn): the sentence goes by the second one."""
        data = super().clean()
        assert data is not None  # Form.clean returns cleaned_data
        seated: list[str] = []
        for i in range(self.game.max_players):
            if not (name := (data.get(f"player_{i}") or "").strip()):
                continue
            seated.append(name)
            if (sentence := look_alike(seated)) is not None:
                self.add_error(f"player_{i}", sentence)
                break
        return data

    def player_fields(self) -> list[forms.BoundField]:
        """The usual seats; the rest sit behind "More players"."""
        return [self[f"player_{i}"] for i in range(min(4, self.game.max_players))]

    def extra_player_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{i}"] for i in range(4, self.game.max_players)]

    def option_fields(self, advanced: bool = False) -> list[tuple[forms.BoundField, OptionInfo]]:
        infos = (i for i in self.game.option_info() if i.advanced == advanced and f"opt_{i.name}" in self.fields)
        return [(self[f"opt_{i.name}"], i) for i in infos]

    def advanced_option_fields(self) -> list[tuple[forms.BoundField, OptionInfo]]:
        return self.option_fields(advanced=True)

    def players(self) -> list[str]:
        return [n for i in range(self.game.max_players) if (n := self.cleaned_data.get(f"player_{i}", "").strip())]

    def options(self) -> dict[str, Any]:
        """Only the options that differ from the rulebook default, as the table file writes them."""
        out = {}
        for info in self.game.option_info():
            key = f"opt_{info.name}"
            if key in self.cleaned_data and self.cleaned_data[key] != info.default:
                out[info.name] = self.cleaned_data[key]
        return out


def _option_field(info: OptionInfo) -> forms.Field:
    """The form field for one option, by its kind (OptionInfo): every option of a table file can be set."""
    # The game marks its texts with gettext_noop; they are translated here, at render time.
    text = {"label": gettext_lazy(info.label), "help_text": gettext_lazy(info.help), "initial": info.default}
    kind = info.field_kind
    if kind == "choice":
        choices = [(value, gettext_lazy(label)) for value, label in info.choices]
        return forms.TypedChoiceField(choices=choices, widget=forms.RadioSelect, coerce=str, **text)
    if kind == "bool":
        return forms.BooleanField(required=False, **text)
    if kind == "int":
        numeric = forms.NumberInput(attrs={"inputmode": "numeric"})
        return forms.IntegerField(min_value=info.low, max_value=info.high, widget=numeric, **text)
    if kind == "list":
        return ListField(required=False, **text)
    if kind == "numbers":
        return NumbersField(required=False, widget=forms.TextInput(attrs={"inputmode": "numeric"}), **text)
    if kind == "mapping":
        return MappingField(info.keys, info.low, info.high, **text)
    # A structured value is edited on the game's own page (its before_new_table step): carried here unseen.
    return forms.JSONField(required=info.default is not None, widget=forms.HiddenInput, **text)


class ListField(forms.CharField):
    """Values written one after another ("2S 2C" or "2S, 2C"); empty means the game's default (None)."""

    def prepare_value(self, value: Any) -> Any:
        return " ".join(str(v) for v in value) if isinstance(value, list | tuple) else value

    def to_python(self, value: Any) -> list[str] | None:  # type: ignore[override]  # text in, a list out
        return value.replace(",", " ").split() or None if isinstance(value, str) else None


class NumbersField(ListField):
    """Whole numbers written one after another ("1 2 3" or "1, 2, 3"); empty means the game's default (None)."""

    def to_python(self, value: Any) -> list[int] | None:  # type: ignore[override]  # text in, numbers out
        words = super().to_python(value)
        if words is None:
            return None
        if not all(w.isascii() and w.lstrip("-").isdigit() and len(w) < 10 for w in words):
            raise forms.ValidationError(_("Write whole numbers one after another, like 1 2 3."))
        return [int(w) for w in words]


class MappingWidget(forms.MultiWidget):
    template_name = "widgets/mapping.html"

    def __init__(self, keys: tuple[str, ...], attrs: dict[str, Any] | None = None) -> None:
        self.keys = keys
        super().__init__([forms.NumberInput(attrs={"inputmode": "numeric"}) for _ in keys], attrs)

    def decompress(self, value: Any) -> list[Any]:
        return [value.get(k) for k in self.keys] if isinstance(value, Mapping) else [None] * len(self.keys)

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        context["widget"]["labelled"] = list(zip(self.keys, context["widget"]["subwidgets"], strict=True))
        return context


class MappingField(forms.MultiValueField):
    """A whole number for each key (a value per card, say), each input labelled with its key."""

    def __init__(self, keys: tuple[str, ...], low: int | None, high: int | None, **kwargs: Any) -> None:
        self.keys = keys
        fields = [forms.IntegerField(min_value=low, max_value=high) for _ in keys]
        super().__init__(fields, widget=MappingWidget(keys), require_all_fields=True, **kwargs)

    def compress(self, data_list: list[Any]) -> dict[str, int] | None:
        return dict(zip(self.keys, data_list, strict=True)) if data_list else None
