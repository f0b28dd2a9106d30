# SPDX-License-Identifier: ISC
# SPDX-FileCopyrightText: 2026 The ath5k-dkms authors
"""Licence checks of ath5k-dkms: notice-guard, check-consistency, check-headers."""
