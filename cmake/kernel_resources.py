#!/usr/bin/env python3
"""Resources of every rocdist kernel, as the GPU compilers report them.

Recompiles the library's kernel sources (library/src/backend/gpu/*.hip) with
the compile commands of configured CUDA and HIP builds, device code only,
asking nvcc's ptxas (-Xptxas -v) and hipcc
(-Rpass-analysis=kernel-resource-usage) for each kernel's registers, spills,
stack or scratch and shared memory: once per target of the HIP build, and
once per NVIDIA target below (sm_75, sm_80, sm_90), whatever the CUDA
build's architectures. Prints one table per target with the blocks of 256
threads each multiprocessor (NVIDIA SM, AMD CU) holds, and fails on:
  - a spill in any of rocdist's own kernels (the CUB and rocPRIM kernels it
    instantiates are listed, not judged);
  - stack, local memory or scratch in a generate or compacted kernel, or in
    one of the batched categorical kernels (categorical_rows_kernels.hip);
  - more than 32 registers on sm_90 in the aligned generate kernels (both
    forms, generate_kernel and generate_whole_packets) of raw words,
    uniforms, float normals (every method), float gamma and float
    exponentials, which keeps 8 blocks of 256 threads resident per SM, and
    on a name in that list that matches none of the kernels reported.

Usage: cmake/kernel_resources.py [--cuda BUILD_DIR] [--hip BUILD_DIR]
The builds need CMAKE_EXPORT_COMPILE_COMMANDS (cmake/gpu_platform.cmake sets
it for CUDA and HIP builds).
"""
import argparse
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

NVIDIA_SM = {  # registers per SM, threads per SM, blocks per SM, shared memory per SM and per block reserve
    "sm_75": (65536, 1024, 16, 64 * 1024, 0),
    "sm_80": (65536, 2048, 32, 164 * 1024, 1024),
    "sm_90": (65536, 2048, 32, 228 * 1024, 1024),
}
BLOCK = 256
BATCHED_CATEGORICAL = ("summarise_tiles<", "count_tile_samples", "group_tile_samples",
                       "count_tile_blocks", "draw_samples<", "draw_warp_rows<", "copy_staged")
METHODS = ["box_muller", "polar", "inverse_cdf", "inverse_cdf_fast", "ziggurat", "box_muller_fast"]


def short_name(demangled):
    # Kernels in anonymous namespaces: their "(anonymous namespace)" is no parameter list.
    demangled = demangled.replace("(anonymous namespace)::", "")
    name = demangled.split(">(")[0] + ">" if ">(" in demangled else demangled.split("(")[0]
    name = re.sub(r"rocdist::(gpu|backend|blocks|distributions)::", "", name)
    name = re.sub(r"\(rocdist_normal_method\)(\d)", lambda m: METHODS[int(m.group(1))], name)
    name = name.replace(", false>", ", aligned>").replace(", true>", ", shifted>")
    return name.replace("void ", "")


def demangle(names):
    out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True, check=True)
    return out.stdout.split("\n")[: len(names)]


def compile_commands(build):
    path = os.path.join(build, "compile_commands.json")
    if not os.path.exists(path):
        sys.exit(f"kernel_resources: {path} is missing: configure {build} again with this checkout's CMake files "
                 "(CUDA and HIP builds export their compile commands)")
    with open(path) as f:
        entries = json.load(f)
    kernels = [e for e in entries if re.search(r"library/src/backend/gpu/[^/]+\.hip$", e["file"])]
    if not kernels:
        sys.exit(f"kernel_resources: {build} compiles no kernel sources: is it a CUDA or HIP build?")
    return kernels


def without_outputs(args):
    """The compile arguments without -o, -MD/-MF/-MT and their values."""
    kept, skip = [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MF", "-MT"):
            skip = True
            continue
        if a in ("-MD", "-MMD"):
            continue
        kept.append(a)
    return kept


def run(args, cwd):
    """One compile's messages; exits on a failed compile (throughput_model.py
    runs its compiles through it too)."""
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"kernel_resources: compile failed: {shlex.join(args)}\n{done.stderr}")
    return done.stderr + done.stdout


def compile_logs(compiles, scratch):
    """The compiler's messages of each (arguments, folder), in order. The
    compiles run side by side, one per processor (each writes its own
    object), as they take minutes one after another."""
    def numbered_run(numbered):
        number, (args, cwd) = numbered
        return run(args + ["-o", os.path.join(scratch, f"k{number}.o")], cwd)
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        return list(pool.map(numbered_run, enumerate(compiles)))


def nvidia_rows(build, scratch):
    rows = []
    compiles = []
    for entry in compile_commands(build):
        args = without_outputs(shlex.split(entry["command"]))
        base = [a for a in args if a != "-c" and not a.startswith(("--generate-code", "-gencode", "-arch"))]
        for target in NVIDIA_SM:
            compiles.append((base + [f"-arch={target}", "-cubin", "-Xptxas", "-v"], entry["directory"]))
    for log in compile_logs(compiles, scratch):
        current = None
        for line in log.splitlines():
            m = re.search(r"Compiling entry function '(\S+)' for '(sm_\d+)'", line)
            if m:
                current = {"mangled": m.group(1), "target": m.group(2), "stack": 0, "spill": 0, "shared": 0}
                rows.append(current)
                continue
            m = re.search(r"Function properties for (\S+)", line)
            if m and current is not None and m.group(1) != current["mangled"]:
                current = None  # a device function's own frame: the entry's line below counts it
            if current is None:
                continue
            m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores", line)
            if m:
                current["stack"], current["spill"] = int(m.group(1)), int(m.group(2))
            m = re.search(r"Used (\d+) registers", line)
            if m:
                current["registers"] = int(m.group(1))
            m = re.search(r"(\d+) bytes cumulative stack size", line)
            if m:  # with the frames of the device functions it calls
                current["stack"] = max(current["stack"], int(m.group(1)))
            m = re.search(r"(\d+) bytes smem", line)
            if m:
                current["shared"] = int(m.group(1))
    for row, name in zip(rows, demangle([r["mangled"] for r in rows])):
        row["kernel"] = short_name(name)
        regs_per_sm, threads, blocks, shared, reserve = NVIDIA_SM[row["target"]]
        per_warp = -(-row["registers"] * 32 // 256) * 256
        by_regs = regs_per_sm // (per_warp * (BLOCK // 32))
        by_shared = shared // (row["shared"] + reserve) if row["shared"] else blocks
        row["resident"] = min(threads // BLOCK, blocks, by_regs, by_shared)
    return rows


def amd_rows(build, scratch):
    rows = []
    compiles, targets = [], []
    for entry in compile_commands(build):
        args = without_outputs(shlex.split(entry["command"]))
        base = [a for a in args if not a.startswith("--offload-arch=")]
        for target in [a.split("=", 1)[1] for a in args if a.startswith("--offload-arch=")]:
            compiles.append((base + [f"--offload-arch={target}", "--cuda-device-only",
                                     "-Rpass-analysis=kernel-resource-usage"], entry["directory"]))
            targets.append(target)
    for target, log in zip(targets, compile_logs(compiles, scratch)):
        current = None
        for line in log.splitlines():
            m = re.search(r"remark:\s+Function Name: (\S+)", line)
            if m:
                current = {"mangled": m.group(1), "target": target}
                rows.append(current)
                continue
            m = re.search(r"remark:\s+([A-Za-z ]+?)(?: \[bytes/(?:lane|block)\])?(?: \[waves/SIMD\])?: (\d+)", line)
            if m and current is not None:
                current[m.group(1)] = int(m.group(2))
    for row, name in zip(rows, demangle([r["mangled"] for r in rows])):
        row["kernel"] = short_name(name)
        row["registers"] = row.get("VGPRs", 0) + row.get("AGPRs", 0)
        # SGPR spills go to lanes of VGPRs, not to memory: shown apart,
        # not judged (scratch, which memory spills would need, is).
        row["spill"] = row.get("VGPRs Spill", 0)
        row["sgpr_spill"] = row.get("SGPRs Spill", 0)
        row["stack"] = row.get("ScratchSize", 0)
        row["shared"] = row.get("LDS Size", 0)
        # Blocks of 256 per CU: gfx9 has 4 SIMDs of wave64, gfx10+ (CU mode)
        # 2 SIMDs of wave32.
        simds, wave = (2, 32) if row["target"].startswith("gfx1") else (4, 64)
        row["resident"] = row.get("Occupancy", 0) * simds * wave // BLOCK
    return rows


# The aligned generate kernels held to 32 registers on sm_90 (8 blocks of 256
# threads, a full SM), by their names as short_name gives them: both kernels
# of each functor (block_kernels.hip; generate_whole_packets is aligned
# only), but one for the functors without a whole-packet kernel
# (whole_packet_kernel there).
CAPPED_FUNCTORS = (["word_map_functor<raw_word>", "word_map_functor<uniform_float_of_word>", "uniform_double_functor",
                    "gamma_functor<float>", "exponential_functor<float>"]
                   + [f"normal_functor<{m}, float>" for m in METHODS])
NO_WHOLE_PACKET_KERNEL = {"normal_functor<ziggurat, float>", "gamma_functor<float>"}
CAPPED = ([f"generate_kernel<{f}, aligned>" for f in CAPPED_FUNCTORS]
          + [f"generate_whole_packets<{f}{' ' if f.endswith('>') else ''}>" for f in CAPPED_FUNCTORS
             if f not in NO_WHOLE_PACKET_KERNEL])


def judged(kernel):
    return not kernel.startswith(("cub::", "rocprim::"))


def budget_failures(row):
    kernel = row["kernel"]
    failures = []
    if judged(kernel) and row["spill"] > 0:
        failures.append("spills")
    if kernel.startswith(("generate_kernel<", "generate_whole_packets<", "compacted_kernel<") + BATCHED_CATEGORICAL) \
            and row["stack"] > 0:
        failures.append("stack")
    if row["target"] == "sm_90" and kernel in CAPPED and row["registers"] > 32:
        failures.append("registers")
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cuda", help="a configured CUDA build folder")
    parser.add_argument("--hip", help="a configured HIP build folder")
    options = parser.parse_args()
    if not options.cuda and not options.hip:
        parser.error("give --cuda, --hip or both")
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        if options.cuda:
            rows += nvidia_rows(options.cuda, scratch)
        if options.hip:
            rows += amd_rows(options.hip, scratch)

    broken = []
    for target in sorted({r["target"] for r in rows}):
        print(f"\n{target}: registers (AMD: VGPRs + AGPRs), spilled bytes (AMD: VGPRs spilled), stack or scratch "
              f"bytes per thread, shared memory (LDS) bytes per block, blocks of {BLOCK} resident per "
              f"{'SM' if target.startswith('sm_') else 'CU'}")
        print(f"| kernel | registers | spills | stack/scratch | shared | blocks of {BLOCK} | budget |")
        print("|---|---|---|---|---|---|---|")
        for row in sorted((r for r in rows if r["target"] == target), key=lambda r: r["kernel"]):
            failures = budget_failures(row)
            verdicts = [f"BROKEN: {budget}" for budget in failures]
            broken += [f"{target} {row['kernel']}: {budget}" for budget in failures]
            verdict = ", ".join(verdicts) if verdicts else ("ok" if judged(row["kernel"]) else "listed")
            spills = f"{row['spill']}" + (f" (+{row['sgpr_spill']} SGPRs)" if row.get("sgpr_spill") else "")
            print(f"| {row['kernel']} | {row['registers']} | {spills} | {row['stack']} | {row['shared']} "
                  f"| {row['resident']} | {verdict} |")
    # A capped name that matches no kernel would hold nothing to its budget.
    if any(r["target"] == "sm_90" for r in rows):
        reported = {r["kernel"] for r in rows if r["target"] == "sm_90"}
        broken += [f"sm_90 {name}: capped, but no such kernel was reported" for name in CAPPED
                   if name not in reported]
    if broken:
        print("\nkernel_resources: budgets broken:\n  " + "\n  ".join(broken))
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
