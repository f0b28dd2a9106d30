// SPDX-License-Identifier: ISC
/* SPDX-FileCopyrightText: 2026 The ath5k-dkms authors */
/*
 * The GPIO block (gpio.c) as the Linux ath5k driver drives it: output
 * pins seen in the stats line, levels from outside in GPIODI, the GPIO
 * interrupt raised only while enabled and at its level, acknowledged
 * and re-armed the way rfkill.c does it, the rfkill switch of the
 * control socket with both polarities, and bad control input refused.
 */
#include "card_model.h"
#include "stats_line.h"
#include "fake_host.h"

#include <unistd.h>

#define GPIOCR		0x4014
#define GPIODO		0x4018
#define GPIODI		0x401c
#define MODE_OUT(pin)	(3u << (2 * (pin)))
#define INT_PIN(pin)	((uint32_t)(pin) << 12)
#define INT_ENA		0x00008000u
#define INT_HIGH	0x00010000u
#define ISR_GPIO	0x01000000u
#define PISR		0x0080
#define PIMR		0x00a0
#define IER		0x0024
#define SLEEP_CTL	0x4004

static char dir[] = "/tmp/test_gpio.XXXXXX";

/* One control command of the model; its answer is printed when refused. */
static int command(int (*run)(struct card *, const char *, char *, size_t),
		   struct card *c, const char *args, char *answer, size_t cap)
{
	int rc = run(c, args, answer, cap);

	if (rc)
		printf("    '%s': %s\n", args, answer);
	return rc;
}

static int gpio_in(struct card *c, const char *args)
{
	char answer[128];

	return command(card_gpio_in_command, c, args, answer, sizeof(answer));
}

static int rfkill(struct card *c, const char *args, char *answer, size_t cap)
{
	return command(card_rfkill_command, c, args, answer, cap);
}

static struct card *open_card(struct test_card *t, const char *spec,
			      const char *title)
{
	printf("%s\n", title);
	test_card_open(t, NULL, 0, spec);
	return t->card;
}

/* A card whose EEPROM names the rfkill switch on pin with polarity. */
static struct card *open_with_switch(struct test_card *t, const char *model,
				     unsigned int pin, bool polarity)
{
	char path[64], spec[160];
	FILE *f;

	snprintf(path, sizeof(path), "%s/switch.desc", dir);
	f = fopen(path, "w");
	if (!f || fprintf(f, "rfkill_gpio = %u\nrfkill_polarity = %u\n", pin,
			  polarity) < 0 || fclose(f)) {
		perror(path);
		exit(2);
	}
	snprintf(spec, sizeof(spec), "model=%s,eeprom-desc=%s", model, path);
	test_card_open(t, NULL, 0, spec);
	unlink(path);
	return t->card;
}

static uint64_t driven(struct card *c)
{
	return card_stat(c, "gpio_driven");
}

static uint64_t driven_high(struct card *c)
{
	return card_stat(c, "gpio_driven_high");
}

static uint64_t changes(struct card *c, unsigned int pin)
{
	char key[32];

	snprintf(key, sizeof(key), "gpio_changes.%u", pin);
	return card_stat(c, key);
}

static bool reads_high(struct card *c, unsigned int pin)
{
	return rd(c, GPIODI) >> pin & 1;
}

static bool gpio_cause(struct card *c)
{
	return rd(c, PISR) & ISR_GPIO;
}

static void test_outputs(void)
{
	struct test_card t;
	struct card *c = open_card(&t, NULL, "output pins: GPIODO drives them, "
				   "the stats line shows it");

	check(driven(c) == 0 && driven_high(c) == 0, "power-on: every pin an input");
	wr(c, GPIOCR, MODE_OUT(1) | MODE_OUT(3));
	wr(c, GPIODO, 1u << 3);
	check(driven(c) == 0xa && driven_high(c) == 0x8,
	      "pins 1 and 3 driven, 3 high (driven %llu, high %llu)",
	      (unsigned long long)driven(c), (unsigned long long)driven_high(c));
	check(rd(c, GPIODO) == 1u << 3, "GPIODO reads back what was written");
	check(!reads_high(c, 1) && reads_high(c, 3), "GPIODI reads what the card drives");
	check(changes(c, 3) == 1 && changes(c, 1) == 0,
	      "one change: pin 3 went high (pin 1 stayed low)");

	/* A LED blinking (led.c): three times off and on again. */
	for (int i = 0; i < 3; i++) {
		wr(c, GPIODO, 0);
		wr(c, GPIODO, 1u << 3);
	}
	check(changes(c, 3) == 7, "three blinks: six more changes");
	wr(c, GPIODO, 1u << 3);
	check(changes(c, 3) == 7, "rewriting the same level is no change");

	wr(c, GPIOCR, 1u << 4 | 2u << 8);	/* pin 2 low-only, pin 4 high-only */
	wr(c, GPIODO, 0);
	check(driven(c) == 0x4 && driven_high(c) == 0,
	      "mode 1 drives low while its bit is 0, mode 2 lets go");
	wr(c, GPIODO, 1u << 2 | 1u << 4);
	check(driven(c) == 0x10 && driven_high(c) == 0x10,
	      "mode 1 lets go while its bit is 1, mode 2 drives high");

	wr(c, GPIOCR, MODE_OUT(5));
	wr(c, GPIODO, 1u << 5);
	wr(c, SLEEP_CTL, 0x10000);		/* full sleep */
	wr(c, GPIODO, 0);
	check(driven_high(c) == 0, "the host interface drives pins in full sleep too");
	card_reset(c);
	check(driven(c) == 0 && rd(c, GPIODO) == 0 && rd(c, GPIOCR) == 0,
	      "a reset makes every pin an input again");
	test_card_close(&t);
}

static void test_inputs(void)
{
	struct test_card t;
	struct card *c = open_card(&t, NULL, "input pins: GPIODI reads the level outside");

	/* The built-in EEPROM: rfkill on pin 0, blocked at 0, so 1 outside. */
	check((rd(c, GPIODI) & 0x3f) == 0x1,
	      "power-on: pin 0 (the rfkill switch, free) high, the rest low");
	check(gpio_in(c, "2 1") == 0 && gpio_in(c, "5 1") == 0 && gpio_in(c, "0 0") == 0,
	      "gpio-in 2 1, 5 1, 0 0 taken");
	check(rd(c, GPIODI) == (1u << 2 | 1u << 5), "GPIODI reads them: 0x%x",
	      rd(c, GPIODI));
	check(changes(c, 2) == 0 && changes(c, 0) == 0,
	      "levels set outside are not the card's changes");

	wr(c, GPIOCR, MODE_OUT(2));
	wr(c, GPIODO, 0);
	check(!reads_high(c, 2), "an output pin reads what the card drives");
	check(changes(c, 2) == 1, "driving it low was the card's change");
	check(gpio_in(c, "2 1") == 0 && !reads_high(c, 2),
	      "a level outside does not win over the card driving the pin");
	wr(c, GPIOCR, 0);
	check(reads_high(c, 2), "an input again: the level outside shows");
	card_reset(c);
	check(rd(c, GPIODI) == (1u << 2 | 1u << 5),
	      "a reset of the card leaves the world outside as it was");
	test_card_close(&t);
}

/* As rfkill.c: pin an input, interrupt at the level it is not at now. */
static void arm_for_change(struct card *c, unsigned int pin)
{
	uint32_t cr = rd(c, GPIOCR) & ~(INT_PIN(7) | INT_ENA | INT_HIGH | MODE_OUT(pin));

	wr(c, GPIOCR, cr | INT_PIN(pin) | INT_ENA | (reads_high(c, pin) ? 0 : INT_HIGH));
}

static void test_interrupt(void)
{
	struct test_card t;
	struct card *c = open_card(&t, NULL, "the GPIO interrupt: enabled, at its level, "
				   "re-armed");
	const bool *line = &t.fh->irq;

	wr(c, SLEEP_CTL, 0);			/* awake: PIMR and IER take writes */
	wr(c, PIMR, ISR_GPIO);
	wr(c, IER, 1);
	gpio_in(c, "4 1");
	wr(c, GPIOCR, INT_PIN(4) | INT_HIGH);
	check(!gpio_cause(c) && !*line, "not enabled: no cause");
	wr(c, GPIOCR, INT_PIN(3) | INT_HIGH | INT_ENA);
	check(!gpio_cause(c) && !*line, "another pin selected: no cause");
	wr(c, GPIOCR, INT_PIN(4) | INT_ENA);
	check(!gpio_cause(c) && !*line, "pin high, low wanted: no cause");
	wr(c, GPIOCR, INT_PIN(4) | INT_HIGH | INT_ENA);
	check(gpio_cause(c) && *line, "pin high, high wanted: PISR GPIO, line up");
	wr(c, PISR, ISR_GPIO);
	check(gpio_cause(c) && *line,
	      "acknowledged while the level holds: still set (a level cause)");
	wr(c, PIMR, 0);
	check(!*line, "PIMR masks it");
	wr(c, PIMR, ISR_GPIO);
	check(*line, "and lets it through again");

	/* rfkill.c's way: wait for the level the pin is not at now. */
	arm_for_change(c, 4);
	wr(c, PISR, ISR_GPIO);
	check(!gpio_cause(c) && !*line, "re-armed for low, then acknowledged: quiet");
	gpio_in(c, "4 0");
	check(gpio_cause(c) && *line, "the switch moves: the cause rises");
	arm_for_change(c, 4);
	wr(c, PISR, ISR_GPIO);
	check(!gpio_cause(c) && !*line, "re-armed for high: quiet again");

	gpio_in(c, "4 1");
	gpio_in(c, "4 0");
	check(gpio_cause(c) && *line, "flipped and back before the driver looked: latched");
	check((rd(c, 0xc0) & ISR_GPIO) && !gpio_cause(c) && !*line,
	      "the read-and-clear mirror reports the latch and takes it away");

	wr(c, GPIOCR, INT_PIN(4) | INT_HIGH);
	gpio_in(c, "4 1");
	check(!gpio_cause(c), "INT_ENA clear: the level alone raises nothing");
	wr(c, GPIOCR, INT_PIN(4) | INT_HIGH | INT_ENA | MODE_OUT(4));
	wr(c, GPIODO, 0);
	check(!gpio_cause(c), "the pin watched is the pad: driven low, no cause");
	wr(c, GPIODO, 1u << 4);
	check(gpio_cause(c), "driven high: the cause");
	wr(c, 0x4000, 0x3);			/* chip reset: MAC and baseband */
	check(gpio_cause(c), "a chip reset leaves GPIOCR and its cause");
	card_reset(c);
	check(!gpio_cause(c) && !*line, "a power-on reset ends it");
	test_card_close(&t);
}

static bool radio_is(const char *answer, const char *state)
{
	char want[32];
	const char *at;

	snprintf(want, sizeof(want), " radio=%s", state);
	at = strstr(answer, want);
	return !strncmp(answer, "ok: ", 4) && at && !strcmp(at, want);
}

static void test_rfkill(void)
{
	static const struct {
		const char *model;
		unsigned int pin;
		bool polarity;
	} cases[] = {
		{ "ar5413", 0, false }, { "ar5212", 3, true },
		{ "ar5211", 5, false }, { "ar5210", 2, true },
	};
	char answer[160];

	printf("rfkill on|off: the EEPROM's pin at the level meaning blocked|free\n");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		unsigned int pin = cases[i].pin;
		bool blocked = cases[i].polarity;
		struct test_card t;
		struct card *c = open_with_switch(&t, cases[i].model, pin, blocked);

		check(reads_high(c, pin) == !blocked,
		      "%s, pin %u, polarity %u: power-on reads free", cases[i].model,
		      pin, blocked);
		check(rfkill(c, "", answer, sizeof(answer)) == 0 && radio_is(answer, "free"),
		      "the query: %s", answer);
		check(rfkill(c, "on", answer, sizeof(answer)) == 0 &&
		      radio_is(answer, "blocked") && reads_high(c, pin) == blocked,
		      "on: pin %u reads %u, the polarity: %s", pin, blocked, answer);
		check(rfkill(c, "off", answer, sizeof(answer)) == 0 &&
		      radio_is(answer, "free") && reads_high(c, pin) == !blocked,
		      "off: pin %u reads %u: %s", pin, !blocked, answer);

		/* rfkill.c drives the pin "free" while the radio runs. */
		wr(c, GPIOCR, MODE_OUT(pin));
		wr(c, GPIODO, blocked ? 0 : 1u << pin);
		check(rfkill(c, "on", answer, sizeof(answer)) == 0 &&
		      radio_is(answer, "free") && strstr(answer, " driven=1 "),
		      "on while the card drives the pin: the driver still reads free: %s",
		      answer);
		wr(c, GPIOCR, 0);
		check(reads_high(c, pin) == blocked,
		      "the pin an input again: the switch reads blocked");
		test_card_close(&t);
	}
}

/*
 * The card option rfkill-switch= wires a switch without a description
 * file, over the EEPROM's own; the answer says whether one is wired.
 */
static void test_switch_option(void)
{
	struct test_card t;
	struct card *c;
	char answer[160];

	c = open_card(&t, "model=ar5212", "the built-in EEPROM wires no switch");
	check(rfkill(c, "", answer, sizeof(answer)) == 0 &&
	      strstr(answer, " switch=unwired "), "the query: %s", answer);
	test_card_close(&t);

	c = open_card(&t, "model=ar5413,rfkill-switch=3:1",
		      "rfkill-switch=3:1: pin 3, blocked while high, wired");
	check(rfkill(c, "", answer, sizeof(answer)) == 0 &&
	      strstr(answer, "pin=3 ") && strstr(answer, " polarity=1 switch=wired ") &&
	      radio_is(answer, "free") && !reads_high(c, 3),
	      "the query: %s", answer);
	check(rfkill(c, "on", answer, sizeof(answer)) == 0 &&
	      radio_is(answer, "blocked") && reads_high(c, 3),
	      "on: pin 3 reads 1: %s", answer);
	test_card_close(&t);

	c = open_card(&t, "model=ar5210,rfkill-switch=1:0",
		      "rfkill-switch=1:0: blocked while low, free (high) at power-on");
	check(rfkill(c, "", answer, sizeof(answer)) == 0 && strstr(answer, "pin=1 ") &&
	      strstr(answer, " polarity=0 switch=wired ") && reads_high(c, 1),
	      "the query: %s", answer);
	test_card_close(&t);

	c = open_card(&t, "model=ar5413,rfkill-switch=2:1,rfkill-switch=off",
		      "rfkill-switch=off after it: no switch, pin 0, polarity 0");
	check(rfkill(c, "", answer, sizeof(answer)) == 0 && strstr(answer, "pin=0 ") &&
	      strstr(answer, " polarity=0 switch=unwired "), "the query: %s", answer);
	test_card_close(&t);
}

/* Bad rfkill-switch= values are refused with the form, keeping the last good. */
static void test_switch_option_refused(void)
{
	static const char *const bad[] = {
		"rfkill-switch=", "rfkill-switch=8:0", "rfkill-switch=1:2",
		"rfkill-switch=1", "rfkill-switch=1:", "rfkill-switch=10:1",
		"rfkill-switch=on", "rfkill-switch=1-0", "rfkill-switch=-1:0",
	};
	struct card_config cfg;
	char err[256] = "";
	unsigned int refused = 0;

	printf("rfkill-switch=: bad values refused\n");
	card_config_defaults(&cfg, 0);
	check(!cfg.rfkill_given, "none given by default: the EEPROM decides");
	check(card_config_parse(&cfg, "rfkill-switch=4:1", err, sizeof(err)) == 0 &&
	      cfg.rfkill_given && cfg.rfkill_switch && cfg.rfkill_gpio == 4 &&
	      cfg.rfkill_polarity, "rfkill-switch=4:1: %s", err);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		refused += card_config_parse(&cfg, bad[i], err, sizeof(err)) == -1 &&
			   cfg.rfkill_switch && cfg.rfkill_gpio == 4;
	check(refused == sizeof(bad) / sizeof(bad[0]), "%u of %zu refused, 4:1 kept",
	      refused, sizeof(bad) / sizeof(bad[0]));
	check(strstr(err, "PIN:POLARITY") != NULL, "'%s'", err);
}

static void test_refused(void)
{
	static const char *const bad_gpio_in[] = {
		"", "1", "6 1", "9 0", "x 1", "-1 1", "01 1", "1 2", "1 high",
		"1 1 1", "1 -0",
	};
	static const char *const bad_rfkill[] = { "maybe", "on off", "1", "ON" };
	struct test_card t;
	struct card *c = open_card(&t, NULL, "bad control input is refused with a "
				   "reason, changing nothing");
	uint32_t before = rd(c, GPIODI);
	char answer[160];

	for (size_t i = 0; i < sizeof(bad_gpio_in) / sizeof(bad_gpio_in[0]); i++) {
		int rc = card_gpio_in_command(c, bad_gpio_in[i], answer, sizeof(answer));

		check(rc == -1 && !strncmp(answer, "error: ", 7) && strlen(answer) > 20,
		      "gpio-in '%s': %s", bad_gpio_in[i], answer);
	}
	for (size_t i = 0; i < sizeof(bad_rfkill) / sizeof(bad_rfkill[0]); i++) {
		int rc = card_rfkill_command(c, bad_rfkill[i], answer, sizeof(answer));

		check(rc == -1 && !strncmp(answer, "error: ", 7),
		      "rfkill '%s': %s", bad_rfkill[i], answer);
	}
	check(rd(c, GPIODI) == before, "the pins are as they were");
	test_card_close(&t);

	c = open_with_switch(&t, "ar5413", 7, false);
	check(card_rfkill_command(c, "on", answer, sizeof(answer)) == -1 &&
	      strstr(answer, "pin 7"), "an EEPROM rfkill pin past the six GPIOs: %s",
	      answer);
	check(card_rfkill_command(c, "", answer, sizeof(answer)) == -1,
	      "and the query says so too");
	test_card_close(&t);
}

/* The AR5210: the same host-interface GPIO block, its one ISR. */
static void test_ar5210(void)
{
	struct test_card t;
	struct card *c = open_card(&t, "model=ar5210", "AR5210: the same GPIO "
				   "registers; the cause in its ISR");

	wr(c, SLEEP_CTL, 0);
	wr(c, 0x0020, ISR_GPIO);		/* IMR */
	wr(c, IER, 1);
	wr(c, GPIOCR, MODE_OUT(1) | INT_PIN(3) | INT_ENA);
	wr(c, GPIODO, 1u << 1);
	check(driven_high(c) == 0x2, "pin 1 driven high");
	check((rd(c, 0x001c) & ISR_GPIO) && t.fh->irq,
	      "pin 3 low, low wanted: ISR GPIO (the read clears the latch)");
	gpio_in(c, "3 1");
	check(!(rd(c, 0x001c) & ISR_GPIO) && !t.fh->irq, "pin 3 high: quiet");
	test_card_close(&t);
}

int main(void)
{
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 2;
	}
	test_outputs();
	test_inputs();
	test_interrupt();
	test_rfkill();
	test_switch_option();
	test_switch_option_refused();
	test_refused();
	test_ar5210();
	rmdir(dir);
	return checks_report("test_gpio");
}
