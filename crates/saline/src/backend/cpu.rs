//! The CPU's vendor and family, for the few selection rules where the same
//! instruction set runs at different speeds on different cores: each rule
//! that reads it cites the figures measured on each core.
//!
//! Read once with CPUID and kept: in a virtual machine CPUID traps to the
//! hypervisor, which costs microseconds, and some rules are asked per call.
// Every rule that asks is x86-64's: elsewhere nothing reads this.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]

use std::sync::OnceLock;

/// Who designed the CPU, from CPUID leaf 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Vendor {
    Intel,
    Amd,
    Other,
}

/// The CPU's vendor and its display family (CPUID leaf 1: the base family,
/// plus the extended family when the base is 15, as both vendors define it).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cpu {
    pub(crate) vendor: Vendor,
    pub(crate) family: u32,
}

/// This machine's CPU.
pub(crate) fn cpu() -> Cpu {
    static CPU: OnceLock<Cpu> = OnceLock::new();
    *CPU.get_or_init(read)
}

#[cfg(target_arch = "x86_64")]
fn read() -> Cpu {
    use core::arch::x86_64::__cpuid;
    // CPUID exists on every x86-64 CPU; leaf 0 returns the vendor string in
    // EBX, EDX, ECX and the highest leaf in EAX.
    #[allow(unused_unsafe)] // safe to call from Rust 1.87 on
    let leaf0 = unsafe { __cpuid(0) };
    let mut name = [0u8; 12];
    name[..4].copy_from_slice(&leaf0.ebx.to_le_bytes());
    name[4..8].copy_from_slice(&leaf0.edx.to_le_bytes());
    name[8..].copy_from_slice(&leaf0.ecx.to_le_bytes());
    let vendor = match &name {
        b"GenuineIntel" => Vendor::Intel,
        b"AuthenticAMD" => Vendor::Amd,
        _ => Vendor::Other,
    };
    let family = if leaf0.eax >= 1 {
        #[allow(unused_unsafe)]
        let eax = unsafe { __cpuid(1) }.eax;
        let base = (eax >> 8) & 0xf;
        if base == 0xf { base + ((eax >> 20) & 0xff) } else { base }
    } else {
        0
    };
    Cpu { vendor, family }
}

#[cfg(not(target_arch = "x86_64"))]
fn read() -> Cpu {
    Cpu { vendor: Vendor::Other, family: 0 }
}

/// AMD Zen 5 or later (family 1Ah): cores with six integer ALUs, where
/// portable scalar code outruns some of the SIMD code that wins elsewhere.
pub(crate) fn amd_zen5_or_later() -> bool {
    let cpu = cpu();
    cpu.vendor == Vendor::Amd && cpu.family >= 0x1a
}

/// AMD Zen 4: family 19h with AVX-512 (Zen 3, the same family, has none).
pub(crate) fn amd_zen4() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        let cpu = cpu();
        cpu.vendor == Vendor::Amd && cpu.family == 0x19 && std::is_x86_feature_detected!("avx512f")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}
