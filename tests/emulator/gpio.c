// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The six GPIO pins of the host interface as the Linux ath5k driver uses
 * them (gpio.c, rfkill.c, led.c, reg.h): GPIOCR gives each pin a mode
 * and picks the one pin that may interrupt, GPIODO holds the levels the
 * card drives, GPIODI reads the pins.  Outside the card a pin meets an
 * rfkill switch (pin and polarity in the EEPROM) or a LED: the control
 * socket sets the level the world applies to a pin, the stats line tells
 * what the card drives.  The kernel's driver has one GPIO layout for
 * every MAC, so every model here has this one.
 */
#include "card_model.h"

#include <stdio.h>
#include <string.h>

/* A pin's two GPIOCR bits: when the card drives it. */
enum gpio_mode {
	GPIO_MODE_INPUT,	/* never */
	GPIO_MODE_LOW_ONLY,	/* low while its GPIODO bit is 0, else not */
	GPIO_MODE_HIGH_ONLY,	/* high while its GPIODO bit is 1, else not */
	GPIO_MODE_OUTPUT,	/* always, to its GPIODO bit */
};

void gpio_driven(const struct card *card, uint8_t *driven, uint8_t *high)
{
	uint32_t cr = card_reg(card, REG_GPIOCR);
	uint32_t out = card_reg(card, REG_GPIODO);

	*driven = 0;
	*high = 0;
	for (unsigned int pin = 0; pin < CARD_GPIO_PINS; pin++) {
		enum gpio_mode mode = cr >> (GPIOCR_MODE_BITS * pin) & 3;
		bool bit = out >> pin & 1;

		if (mode == GPIO_MODE_OUTPUT ||
		    (mode == GPIO_MODE_LOW_ONLY && !bit) ||
		    (mode == GPIO_MODE_HIGH_ONLY && bit)) {
			*driven |= (uint8_t)(1u << pin);
			*high |= (uint8_t)(bit << pin);
		}
	}
}

uint8_t gpio_read_levels(const struct card *card)
{
	uint8_t driven, high;

	gpio_driven(card, &driven, &high);
	return (uint8_t)(high | (card->gpio_outside & ~driven));
}

/* The pin GPIOCR lets interrupt is at the level it asks for. */
static bool irq_condition(const struct card *card, uint8_t levels)
{
	uint32_t cr = card_reg(card, REG_GPIOCR);
	unsigned int pin = (cr & GPIOCR_INT_PIN) >> GPIOCR_INT_PIN_SHIFT;

	if (!(cr & GPIOCR_INT_ENA) || pin >= CARD_GPIO_PINS)
		return false;
	return (levels >> pin & 1) == !!(cr & GPIOCR_INT_HIGH);
}

void gpio_update(struct card *card, bool by_card)
{
	uint8_t levels = gpio_read_levels(card);
	uint8_t changed = levels ^ card->gpio_levels;
	bool condition = irq_condition(card, levels);

	for (unsigned int pin = 0; by_card && pin < CARD_GPIO_PINS; pin++)
		if (changed >> pin & 1)
			card->stats.gpio_changes[pin]++;
	card->gpio_levels = levels;
	/*
	 * The cause latches when the condition starts, so a switch flipped
	 * and back before the driver looks still interrupts; effective_pisr
	 * keeps it set for as long as the condition lasts.
	 */
	if (condition && !card->gpio_irq_condition)
		card->pisr |= INT_GPIO;
	card->gpio_irq_condition = condition;
	card_update_irq(card);
}

void gpio_init(struct card *card)
{
	uint8_t pin;
	bool polarity;

	/* A switch nobody moved leaves the radio free. */
	eeprom_rfkill(card->eeprom, &pin, &polarity);
	card->gpio_outside = 0;
	if (pin < CARD_GPIO_PINS && !polarity)
		card->gpio_outside = (uint8_t)(1u << pin);
	card->gpio_levels = gpio_read_levels(card);
}

/* ---- the control socket ------------------------------------------------- */

static void set_outside(struct card *card, unsigned int pin, bool level)
{
	card->gpio_outside = (uint8_t)((card->gpio_outside & ~(1u << pin)) |
				       (unsigned int)level << pin);
	gpio_update(card, false);
}

/*
 * "ok: pin=P outside=L driven=0|1 reads=R", one pin as a lab check wants
 * it told; returns the length written.
 */
static size_t answer_pin(const struct card *card, unsigned int pin, char *answer,
			 size_t cap)
{
	uint8_t driven, high;
	int n;

	gpio_driven(card, &driven, &high);
	n = snprintf(answer, cap, "ok: pin=%u outside=%u driven=%u reads=%u", pin,
		     card->gpio_outside >> pin & 1, driven >> pin & 1,
		     gpio_read_levels(card) >> pin & 1);
	return n < 0 ? cap : (size_t)n;
}

int card_gpio_in_command(struct card *card, const char *args, char *answer,
			 size_t cap)
{
	char pin_word[16], level_word[16], extra[2];
	int words = sscanf(args, "%15s %15s %1s", pin_word, level_word, extra);
	unsigned int pin;

	if (words != 2) {
		snprintf(answer, cap, "error: expected 'gpio-in PIN 0|1', PIN 0..%u",
			 CARD_GPIO_PINS - 1);
		return -1;
	}
	pin = (unsigned int)(pin_word[0] - '0');
	if (strlen(pin_word) != 1 || pin >= CARD_GPIO_PINS) {
		snprintf(answer, cap, "error: no GPIO pin '%s' (the card has 0..%u)",
			 pin_word, CARD_GPIO_PINS - 1);
		return -1;
	}
	if (strcmp(level_word, "0") && strcmp(level_word, "1")) {
		snprintf(answer, cap, "error: level '%s' is neither 0 nor 1", level_word);
		return -1;
	}
	set_outside(card, pin, level_word[0] == '1');
	answer_pin(card, pin, answer, cap);
	return 0;
}

/*
 * rfkill.c (ath5k_is_rfkill_set): the radio is blocked while the pin
 * reads the EEPROM's polarity, free while it reads the other level.
 */
int card_rfkill_command(struct card *card, const char *args, char *answer,
			size_t cap)
{
	char word[8], extra[2];
	int words = sscanf(args, "%7s %1s", word, extra);
	uint8_t pin;
	bool polarity;
	size_t n;

	eeprom_rfkill(card->eeprom, &pin, &polarity);
	if (words > 1 || (words == 1 && strcmp(word, "on") && strcmp(word, "off"))) {
		snprintf(answer, cap, "error: expected 'rfkill', 'rfkill on' (radio "
			 "blocked) or 'rfkill off' (radio free)");
		return -1;
	}
	if (pin >= CARD_GPIO_PINS) {
		snprintf(answer, cap, "error: the EEPROM's rfkill pin %u is no GPIO "
			 "(the card has 0..%u)", pin, CARD_GPIO_PINS - 1);
		return -1;
	}
	if (words == 1)
		set_outside(card, pin, !strcmp(word, "on") ? polarity : !polarity);
	n = answer_pin(card, pin, answer, cap);
	if (n < cap)
		snprintf(answer + n, cap - n, " polarity=%u switch=%s radio=%s",
			 polarity,
			 eeprom_rfkill_wired(card->eeprom) ? "wired" : "unwired",
			 (gpio_read_levels(card) >> pin & 1) == polarity ? "blocked" :
									   "free");
	return 0;
}
